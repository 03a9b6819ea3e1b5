import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { format } from 'date-fns';
import { Form, Formik } from 'formik';
import { errorMessage } from '@client/components/error-message';
import { FormikPasswordField } from '@client/components/form/formik-password-field';
import { FormikTextField } from '@client/components/form/formik-text-field';
import { useToast } from '@client/components/toast/use-toast';
import type { EmailChangeStatus } from '@shared/api/account';
import { emailChangeSchema } from '@shared/validation/account-changes';
import { useCancelEmailChangeMutation, useRequestEmailChangeMutation } from './account-api';
import { ProfileSubmitButton } from './profile-submit-button';

const EMPTY = { newEmail: '', currentPassword: '' };

/**
 * A new email address, proven by the current password; it takes effect only when the link mailed to it
 * is opened. A change waiting for its link is shown, and can be cancelled.
 */
export function EmailChangeForm({ pending }: { pending: EmailChangeStatus['pending'] }) {
  const [requestChange] = useRequestEmailChangeMutation();
  const toast = useToast();

  return (
    <Stack spacing={2}>
      {pending && <PendingChange pending={pending} />}
      <Formik
        initialValues={EMPTY}
        validationSchema={emailChangeSchema}
        onSubmit={async (values, { resetForm }) => {
          try {
            const { message } = await requestChange(emailChangeSchema.cast(values)).unwrap();
            toast.success('Confirmation Sent', message);
            resetForm();
          } catch (error) {
            toast.error('Email Address Not Changed', errorMessage(error, 'Failed to ask for the change'));
          }
        }}
      >
        {({ isSubmitting }) => (
          <Form noValidate aria-label="Change email address">
            <Stack spacing={2} sx={{ maxWidth: 420 }}>
              <FormikTextField name="newEmail" label="New Email Address" type="email" autoComplete="email" />
              <FormikPasswordField name="currentPassword" label="Current Password" autoComplete="current-password" />
              <ProfileSubmitButton busy={isSubmitting}>Send Confirmation Link</ProfileSubmitButton>
            </Stack>
          </Form>
        )}
      </Formik>
    </Stack>
  );
}

function PendingChange({ pending }: { pending: NonNullable<EmailChangeStatus['pending']> }) {
  const [cancelChange, { isLoading }] = useCancelEmailChangeMutation();
  const toast = useToast();

  const cancel = async () => {
    try {
      toast.success('Change Cancelled', (await cancelChange().unwrap()).message);
    } catch (error) {
      toast.error('Error', errorMessage(error, 'Failed to cancel the change'));
    }
  };

  return (
    <Alert severity="info" sx={{ overflowWrap: 'anywhere' }}>
      Waiting for you to open the link sent to <strong>{pending.newEmail}</strong> (it works until{' '}
      {format(new Date(pending.expiresAt), 'd MMM yyyy, HH:mm')}). Until then your address stays as it is.
      <div>
        <Button size="small" color="inherit" disabled={isLoading} onClick={() => void cancel()} sx={{ mt: 1, ml: -0.5 }}>
          Cancel Change
        </Button>
      </div>
    </Alert>
  );
}
