import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { CONVERSATION_TEXTS } from '@shared/api/conversations';
import { formatMessageText } from '../format/message-formatting';
import type { InboxMessage } from '../state/inbox-message';
import { MediaMessage } from './media-message';
import { MessageStatusIcon } from './message-status';
import { NoteBubble } from './note-bubble';
import { SentAt } from './sent-at';
import { TemplateMessage } from './template-message';

const MEDIA_TYPES = new Set(['image', 'video', 'audio', 'document', 'sticker']);

export interface MessageBubbleProps {
  message: InboxMessage;
  startsGroup: boolean;
  endsGroup: boolean;
  /** Sends a failed text message of ours again under its clientId. */
  onRetry?: (clientId: string) => void;
}

function Body({ message }: { message: InboxMessage }) {
  if (message.messageType === 'template') return <TemplateMessage content={message.content} />;
  const text = message.content.trim();
  return (
    <>
      {MEDIA_TYPES.has(message.messageType) && <MediaMessage message={message} />}
      {text && !(MEDIA_TYPES.has(message.messageType) && text === message.mediaFileName) && (
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: MEDIA_TYPES.has(message.messageType) ? 0.5 : 0 }}>
          {formatMessageText(text)}
        </Typography>
      )}
    </>
  );
}

/**
 * One message: customer messages on the left, ours on the right. Same-direction messages within five
 * minutes sit close together as one group. Ours carry their delivery tick; a failure shows its reason,
 * and a failed text written here (it has a clientId) offers Retry, whether the server never stored it
 * or stored it and Meta refused it: the server sends a failed message again under its clientId, once.
 */
export const MessageBubble = memo(function MessageBubble({ message, startsGroup, endsGroup, onRetry }: MessageBubbleProps) {
  if (message.messageType === 'note') return <NoteBubble message={message} startsGroup={startsGroup} endsGroup={endsGroup} />;
  const outbound = message.direction === 'outbound';
  const failed = message.status === 'failed';
  const unsent = failed && message.seq === null;
  const retryId = failed && outbound && message.messageType === 'text' ? message.clientId : null;
  return (
    <Box sx={{ display: 'flex', justifyContent: outbound ? 'flex-end' : 'flex-start', px: 2, pt: startsGroup ? 1.5 : 0.25, pb: endsGroup ? 0.25 : 0 }}>
      <Box
        sx={{
          maxWidth: 'min(75%, 560px)',
          px: 1.5,
          py: 1,
          borderRadius: 2,
          ...(outbound
            ? { bgcolor: 'primary.main', color: 'primary.contrastText', borderTopRightRadius: startsGroup ? 4 : undefined }
            : { bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderTopLeftRadius: startsGroup ? 4 : undefined }),
          ...(failed && { outline: 2, outlineColor: 'error.main', outlineStyle: 'solid' }),
        }}
      >
        <Body message={message} />
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 0.5, mt: 0.25 }}>
          <SentAt sentAt={message.sentAt} />
          {outbound && <MessageStatusIcon status={message.status} />}
        </Box>
        {failed && (
          <Box sx={{ mt: 0.75, p: 0.75, borderRadius: 1, bgcolor: 'background.paper', color: 'error.main' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {unsent ? CONVERSATION_TEXTS.sendFailed : 'Not delivered'}
            </Typography>
            {message.errorMessage && <Typography variant="caption" sx={{ display: 'block' }}>{message.errorMessage}</Typography>}
            {retryId && onRetry && (
              <Button size="small" color="error" variant="outlined" sx={{ mt: 0.5 }} onClick={() => onRetry(retryId)}>
                Retry
              </Button>
            )}
          </Box>
        )}
      </Box>
    </Box>
  );
});
