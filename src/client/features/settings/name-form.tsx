import Stack from '@mui/material/Stack';
import { Form, Formik } from 'formik';
import { errorMessage } from '@client/components/error-message';
import { FormikTextField } from '@client/components/form/formik-text-field';
import { useToast } from '@client/components/toast/use-toast';
import { profileSchema } from '@shared/validation/account-changes';
import { useUpdateProfileMutation } from './account-api';
import { ProfileSubmitButton } from './profile-submit-button';

/** The member's full name, editable in place; saved with the same rule sign-up uses. */
export function NameForm({ name }: { name: string }) {
  const [updateProfile] = useUpdateProfileMutation();
  const toast = useToast();

  const save = async (values: { name: string }) => {
    try {
      const { message } = await updateProfile(profileSchema.cast(values)).unwrap();
      toast.success('Profile Updated', message);
    } catch (error) {
      toast.error('Error', errorMessage(error, 'Failed to save your name'));
    }
  };

  return (
    <Formik initialValues={{ name }} validationSchema={profileSchema} onSubmit={save} enableReinitialize>
      {({ isSubmitting, dirty }) => (
        <Form noValidate aria-label="Full name">
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
            <FormikTextField name="name" label="Full Name" autoComplete="name" sx={{ flex: 1 }} />
            <ProfileSubmitButton busy={isSubmitting} disabled={!dirty} variant="outlined" sx={{ mt: { sm: 1 } }}>
              Save Name
            </ProfileSubmitButton>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}
