import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@client/app/paths';
import { closedWindowMessage, type ConversationWindow } from './conversation-window';

/** Above a disabled composer: why nothing free-form can be sent, and the way out, a template broadcast to this contact. */
export function ClosedWindowBanner({ window, contactId }: { window: Exclude<ConversationWindow, { state: 'open' }>; contactId: string }) {
  return (
    <Alert
      severity="warning"
      sx={{ mx: 1.5, mb: 0, alignItems: 'center' }}
      action={
        <Button component={RouterLink} to={paths.newBroadcast(contactId)} color="inherit" variant="outlined" size="small" sx={{ whiteSpace: 'nowrap' }}>
          Send Template Message
        </Button>
      }
    >
      {closedWindowMessage(window)}
    </Alert>
  );
}
