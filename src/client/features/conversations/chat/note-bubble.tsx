import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { THREAD_NOTE_LABEL } from '@shared/api/thread-notes';
import { formatMessageText } from '../format/message-formatting';
import type { InboxMessage } from '../state/inbox-message';
import { SentAt } from './sent-at';
import { noteLabel, noteSurface } from './note-look';

/**
 * A thread note: the team's own words among the messages, never sent to the customer. Its own colour
 * and label say so, with its author; it has no delivery ticks (nothing was delivered).
 */
export function NoteBubble({ message, startsGroup, endsGroup }: { message: InboxMessage; startsGroup: boolean; endsGroup: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: 2, pt: startsGroup ? 1.5 : 0.25, pb: endsGroup ? 0.25 : 0 }}>
      <Box
        component="article"
        aria-label="Note"
        sx={[{ maxWidth: 'min(85%, 560px)', px: 1.5, py: 1, borderRadius: 2, border: 1, borderStyle: 'dashed' }, noteSurface]}
      >
        <Typography variant="caption" sx={[{ display: 'flex', alignItems: 'center', gap: 0.5, fontWeight: 600 }, noteLabel]}>
          <LockOutlinedIcon sx={{ fontSize: '1em' }} aria-hidden />
          {THREAD_NOTE_LABEL}
        </Typography>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{formatMessageText(message.content.trim())}</Typography>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 0.75, mt: 0.25 }}>
          {message.authorName && <Typography variant="caption">{message.authorName}</Typography>}
          <SentAt sentAt={message.sentAt} />
        </Box>
      </Box>
    </Box>
  );
}
