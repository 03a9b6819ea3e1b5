import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@client/app/paths';
import { closedWindowMessage, type ConversationWindow } from './conversation-window';

/** Above a disabled composer: why nothing free-form can be sent, and the way out, a template broadcast to this contact. */
export function ClosedWindowBanner({ window, contactId }: { window: Exclude<ConversationWindow, { state: 'open' }>; contactId: string }) {
  return (
    <Alert severity="warning" sx={{ mx: 1.5, mt: 1 }}>
      {closedWindowMessage(window)}
      <Box sx={{ mt: 1 }}>
        <Button component={RouterLink} to={paths.newBroadcast(contactId)} color="inherit" variant="outlined" size="small">
          Send Template Message
        </Button>
      </Box>
    </Alert>
  );
}
