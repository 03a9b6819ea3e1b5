import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGetWhatsAppConfigQuery } from './whatsapp-settings-api';
import { WhatsAppConfigForm } from './whatsapp-config-form';
import { WebhookPanel } from './webhook-panel';

/** Settings → Messaging API: the WhatsApp Business API configuration and the webhook to give Meta. */
export default function MessagingApiTab() {
  const { data, isLoading, isError, refetch } = useGetWhatsAppConfigQuery();

  if (isLoading) {
    return (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <CircularProgress size={20} />
        <Typography>Loading WhatsApp configuration...</Typography>
      </Stack>
    );
  }
  if (isError || !data) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void refetch()}>
            Retry
          </Button>
        }
      >
        Failed to load WhatsApp configuration. Please try again.
      </Alert>
    );
  }
  return (
    <Stack spacing={3}>
      <WhatsAppConfigForm config={data.config} />
      {data.config && <WebhookPanel />}
    </Stack>
  );
}
