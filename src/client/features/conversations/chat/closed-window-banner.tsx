import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@client/app/paths';
import { useSession } from '@client/session/use-session';
import type { Conversation } from '@shared/api/conversations';
import { closedWindowMessage, type ConversationWindow } from './conversation-window';
import { TemplatePickerDialog } from './template-picker-dialog';

export interface ClosedWindowBannerProps {
  window: Exclude<ConversationWindow, { state: 'open' }>;
  conversation: Pick<Conversation, 'id' | 'contact'>;
  /** The member may send in this chat (messages:send or chats:respond). */
  maySend: boolean;
}

/**
 * Above a disabled composer: why nothing free-form can be sent, and the ways out the member can take:
 * a template sent from the chat, and (with broadcasts:create) a template broadcast to this contact.
 */
export function ClosedWindowBanner({ window, conversation, maySend }: ClosedWindowBannerProps) {
  const { can } = useSession();
  const [picking, setPicking] = useState(false);
  const mayBroadcast = can('broadcasts:create');
  return (
    <Alert severity="warning" sx={{ mx: 1.5, mt: 1 }}>
      {closedWindowMessage(window)}
      {(maySend || mayBroadcast) && (
        <Box sx={{ mt: 1, display: 'flex', flexWrap: 'wrap', gap: 1 }}>
          {maySend && (
            <Button onClick={() => setPicking(true)} color="inherit" variant="outlined" size="small">
              Send Template Message
            </Button>
          )}
          {mayBroadcast && (
            <Button component={RouterLink} to={paths.newBroadcast(conversation.contact.id)} color="inherit" size="small">
              New Broadcast to this Contact
            </Button>
          )}
        </Box>
      )}
      {maySend && <TemplatePickerDialog open={picking} conversation={conversation} onClose={() => setPicking(false)} />}
    </Alert>
  );
}
