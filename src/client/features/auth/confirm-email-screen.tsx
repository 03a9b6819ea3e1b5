import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { paths } from '@client/app/paths';
import { errorMessage } from '@client/components/error-message';
import { useConfirmEmailChangeMutation } from './email-confirmation-api';
import { AuthLayout } from './auth-layout';

/**
 * An email confirmation link's page. The change is made by pressing the button, not by opening the page:
 * mail scanners open links on their own, and must not confirm an address for its reader.
 */
export default function ConfirmEmailScreen() {
  const { emailToken = '' } = useParams();
  const [confirmChange, { isLoading }] = useConfirmEmailChangeMutation();
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  const confirm = async () => {
    setOutcome(null);
    try {
      const { message } = await confirmChange({ token: emailToken }).unwrap();
      setOutcome({ severity: 'success', text: message });
    } catch (error) {
      setOutcome({ severity: 'error', text: errorMessage(error, 'The address could not be confirmed. Please try again.') });
    }
  };

  const done = outcome?.severity === 'success';
  return (
    <AuthLayout heading="Confirm Your New Email Address" intro="Your Parley account moves to the address this link was sent to.">
      <Stack spacing={2.25}>
        {outcome && (
          <Alert severity={outcome.severity} role={outcome.severity === 'error' ? 'alert' : 'status'}>
            {outcome.text}
          </Alert>
        )}
        {!done && (
          <Button
            variant="contained"
            size="large"
            onClick={() => void confirm()}
            disabled={isLoading}
            startIcon={isLoading ? <CircularProgress size={18} color="inherit" /> : undefined}
            sx={{ py: 1.25 }}
          >
            Confirm Email Address
          </Button>
        )}
      </Stack>
      <Divider sx={{ my: 3 }} />
      <Box sx={{ textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.home}>
          {done ? 'Continue to Parley' : 'Back to Parley'}
        </Link>
      </Box>
    </AuthLayout>
  );
}
