import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { paths } from '@client/app/paths';
import { errorMessage } from '@client/components/error-message';
import { FormikPasswordField } from '@client/components/form/formik-password-field';
import { useToast } from '@client/components/toast/use-toast';
import { NEW_PASSWORD_HINT, passwordResetConfirmSchema } from '@shared/validation/account-changes';
import { AuthLayout } from './auth-layout';
import { SubmitButton } from './submit-button';
import { useConfirmPasswordResetMutation } from './password-reset-api';

/** A reset link's page: sets the new password once, then sends the user to sign in with it. */
export default function ResetPasswordScreen() {
  const { resetToken = '' } = useParams();
  const [confirmReset] = useConfirmPasswordResetMutation();
  const toast = useToast();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async ({ password }: { token: string; password: string }) => {
    setFailure(null);
    try {
      const { message } = await confirmReset({ token: resetToken, password }).unwrap();
      toast.success('Password Changed', message);
      await navigate(paths.login, { replace: true });
    } catch (error) {
      setFailure(errorMessage(error, 'The password could not be changed. Please try again.'));
    }
  };

  return (
    <AuthLayout heading="Set a New Password" intro="Choose the password you will sign in with. Every session of your account is signed out.">
      <Formik initialValues={{ token: resetToken, password: '' }} validationSchema={passwordResetConfirmSchema} onSubmit={submit}>
        {({ isSubmitting }) => (
          <Form noValidate aria-label="Set a New Password">
            <Stack spacing={2.25}>
              {failure && <Alert severity="error">{failure}</Alert>}
              <FormikPasswordField
                name="password"
                label="New Password"
                autoComplete="new-password"
                autoFocus
                helperText={NEW_PASSWORD_HINT}
              />
              <SubmitButton busy={isSubmitting}>Set New Password</SubmitButton>
            </Stack>
          </Form>
        )}
      </Formik>
      <Divider sx={{ my: 3 }} />
      <Box sx={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
        <Link component={RouterLink} to={paths.forgotPassword}>
          Ask for a new link
        </Link>
        <Link component={RouterLink} to={paths.login}>
          Back to sign in
        </Link>
      </Box>
    </AuthLayout>
  );
}
