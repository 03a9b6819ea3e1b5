import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { copyToClipboard } from '@client/components/clipboard';
import { useToast } from '@client/components/toast/use-toast';
import { COPY_FEEDBACK_MS } from '@shared/constants';
import { useGetWebhookUrlQuery } from './whatsapp-settings-api';

const SETUP_STEPS = [
  'Copy the webhook URL above.',
  'Open your app in the Meta App Dashboard and go to WhatsApp → Configuration.',
  'Paste the URL into the Callback URL field.',
  'Enter your webhook verify token in the Verify token field, then click Verify and save.',
  'Subscribe to the messages and user_preferences webhook fields (user_preferences tells Parley when a customer stops marketing messages).',
];

/** The webhook URL to paste into Meta, with a copy button and the five setup steps. */
export function WebhookPanel() {
  const { data } = useGetWebhookUrlQuery();
  const toast = useToast();
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return undefined;
    const timer = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    if (!data) return;
    try {
      await copyToClipboard(data.webhookUrl);
      setCopied(true);
      toast.success('Webhook URL copied to clipboard');
    } catch {
      toast.error('Copy Failed', 'Failed to copy the webhook URL. Please copy it by hand.');
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Typography variant="h6" component="h3" gutterBottom>
        Webhook Configuration
      </Typography>
      <TextField
        label="Webhook URL"
        value={data?.webhookUrl ?? ''}
        fullWidth
        slotProps={{
          input: {
            readOnly: true,
            endAdornment: (
              <InputAdornment position="end">
                <Tooltip title={copied ? 'Copied' : 'Copy webhook URL'} describeChild>
                  <span>
                    <IconButton aria-label="Copy webhook URL" onClick={() => void copy()} disabled={!data} edge="end">
                      {copied ? <CheckIcon color="success" /> : <ContentCopyIcon />}
                    </IconButton>
                  </span>
                </Tooltip>
              </InputAdornment>
            ),
          },
        }}
      />
      <Typography variant="subtitle2" sx={{ mt: 3, mb: 1 }}>
        Setup steps
      </Typography>
      <Typography component="ol" variant="body2" sx={{ pl: 3, m: 0, '& li': { mb: 0.75 } }}>
        {SETUP_STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </Typography>
    </Paper>
  );
}
