import Stack from '@mui/material/Stack';
import { Form, Formik } from 'formik';
import { errorMessage } from '@client/components/error-message';
import { FormikPasswordField } from '@client/components/form/formik-password-field';
import { useToast } from '@client/components/toast/use-toast';
import { NEW_PASSWORD_HINT, passwordChangeSchema } from '@shared/validation/account-changes';
import { useChangePasswordMutation } from './account-api';
import { ProfileSubmitButton } from './profile-submit-button';

const EMPTY = { currentPassword: '', newPassword: '' };

/** A new password, proven by the current one; every other session of the account is signed out. */
export function PasswordChangeForm() {
  const [changePassword] = useChangePasswordMutation();
  const toast = useToast();

  return (
    <Formik
      initialValues={EMPTY}
      validationSchema={passwordChangeSchema}
      onSubmit={async (values, { resetForm }) => {
        try {
          const { message } = await changePassword(values).unwrap();
          toast.success('Password Changed', message);
          resetForm();
        } catch (error) {
          toast.error('Password Not Changed', errorMessage(error, 'Failed to change your password'));
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label="Change password">
          <Stack spacing={2} sx={{ maxWidth: 420 }}>
            <FormikPasswordField name="currentPassword" label="Current Password" autoComplete="current-password" />
            <FormikPasswordField
              name="newPassword"
              label="New Password"
              autoComplete="new-password"
              helperText={NEW_PASSWORD_HINT}
            />
            <ProfileSubmitButton busy={isSubmitting}>Change Password</ProfileSubmitButton>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
