import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@client/app/paths';
import { errorMessage } from '@client/components/error-message';
import { FormikTextField } from '@client/components/form/formik-text-field';
import { passwordResetRequestSchema } from '@shared/validation/account-changes';
import { AuthLayout } from './auth-layout';
import { SubmitButton } from './submit-button';
import { useRequestPasswordResetMutation } from './password-reset-api';

/** "Forgot password?": asks for a reset link by email; the answer never tells whether the address has an account. */
export default function ForgotPasswordScreen() {
  const [requestReset] = useRequestPasswordResetMutation();
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  const submit = async ({ email }: { email: string }) => {
    setOutcome(null);
    try {
      const { message } = await requestReset({ email: email.trim() }).unwrap();
      setOutcome({ severity: 'success', text: message });
    } catch (error) {
      setOutcome({ severity: 'error', text: errorMessage(error, 'The request failed. Please try again.') });
    }
  };

  return (
    <AuthLayout heading="Forgot Password" intro="Enter the email address you sign in with. We will send it a link to set a new password.">
      <Formik initialValues={{ email: '' }} validationSchema={passwordResetRequestSchema} onSubmit={submit}>
        {({ isSubmitting }) => (
          <Form noValidate aria-label="Forgot Password">
            <Stack spacing={2.25}>
              {outcome && (
                <Alert severity={outcome.severity} role={outcome.severity === 'error' ? 'alert' : 'status'}>
                  {outcome.text}
                </Alert>
              )}
              <FormikTextField name="email" label="Email" type="email" autoComplete="email" autoFocus />
              <SubmitButton busy={isSubmitting}>Send Reset Link</SubmitButton>
            </Stack>
          </Form>
        )}
      </Formik>
      <Divider sx={{ my: 3 }} />
      <Box sx={{ textAlign: 'center' }}>
        <Link component={RouterLink} to={paths.login}>
          Back to sign in
        </Link>
      </Box>
    </AuthLayout>
  );
}
