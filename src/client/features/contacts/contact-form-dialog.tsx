import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { Form, Formik, useField, type FormikHelpers } from 'formik';
import { FormikTextField } from '@client/components/form/formik-text-field';
import { errorMessage } from '@client/components/error-message';
import { useToast } from '@client/components/toast/use-toast';
import { isApiError } from '@client/api/api-error';
import { TagMultiSelect } from '@client/features/tags/tag-multi-select';
import type { Contact, ContactInput } from '@shared/api/contacts';
import { MAX_TAGS_PER_CONTACT } from '@shared/constants';
import { SUPPORTED_COUNTRIES } from '@shared/countries';
import { contactSchema } from '@shared/validation/contacts';
import { useCreateContactMutation, useUpdateContactMutation } from './contacts-api';

interface ContactFormValues {
  name: string;
  countryCode: string;
  phoneNumber: string;
  tagIds: string[];
}

const DEFAULT_COUNTRY_CODE = SUPPORTED_COUNTRIES[0].code;

function initialValues(contact: Contact | null): ContactFormValues {
  return {
    name: contact?.name ?? '',
    countryCode: contact?.countryCode ?? DEFAULT_COUNTRY_CODE,
    phoneNumber: contact?.phoneNumber ?? '',
    tagIds: contact?.tags.map((tag) => tag.tagId) ?? [],
  };
}

function TagsField({ disabled }: { disabled: boolean }) {
  const [field, meta, helpers] = useField<string[]>('tagIds');
  return (
    <TagMultiSelect
      value={field.value}
      onChange={(tagIds) => void helpers.setValue(tagIds)}
      onBlur={() => void helpers.setTouched(true)}
      max={MAX_TAGS_PER_CONTACT}
      error={meta.touched ? meta.error : undefined}
      disabled={disabled}
    />
  );
}

export interface ContactFormDialogProps {
  open: boolean;
  /** The contact to edit; null adds a new one. */
  contact: Contact | null;
  /** The tag picker shows only to members who may assign tags (contacts:tag). */
  canTag: boolean;
  onClose: () => void;
}

/** The add/edit modal: name, country code, phone number and tags, checked by the shared contact schema. */
export function ContactFormDialog({ open, contact, canTag, onClose }: ContactFormDialogProps) {
  const toast = useToast();
  const [createContact] = useCreateContactMutation();
  const [updateContact] = useUpdateContactMutation();
  const editing = contact !== null;
  const codes = SUPPORTED_COUNTRIES.some((c) => c.code === contact?.countryCode) || !contact
    ? SUPPORTED_COUNTRIES
    : [...SUPPORTED_COUNTRIES, { code: contact.countryCode, name: 'Other' }];

  async function submit(values: ContactFormValues, helpers: FormikHelpers<ContactFormValues>) {
    const cast = contactSchema.cast(values);
    const body: ContactInput = {
      name: cast.name || null,
      countryCode: cast.countryCode,
      phoneNumber: cast.phoneNumber,
      // Without contacts:tag the tags are left as they are (the server would refuse a change).
      ...(canTag && { tagIds: values.tagIds }),
    };
    try {
      if (contact) {
        await updateContact({ id: contact.id, ...body }).unwrap();
        toast.success('Success', 'Contact updated successfully');
      } else {
        await createContact(body).unwrap();
        toast.success('Success', 'Contact created successfully');
      }
      onClose();
    } catch (error) {
      if (isApiError(error) && error.code === 'DUPLICATE_CONTACT') {
        toast.warning('Contact Already Exists', error.error);
        // Also beside the number: the open modal hides the toast from screen readers.
        helpers.setFieldError('phoneNumber', error.error ?? 'Contact Already Exists');
      } else {
        toast.error('Error', errorMessage(error, editing ? 'Failed to update contact' : 'Failed to create contact'));
      }
    }
  }

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="contact-form-title">
      <Formik initialValues={initialValues(contact)} validationSchema={contactSchema} onSubmit={submit} enableReinitialize>
        {({ isSubmitting }) => (
          <Form noValidate>
            <DialogTitle id="contact-form-title">{editing ? 'Edit Contact' : 'Add Contact'}</DialogTitle>
            <DialogContent>
              <Stack spacing={2} sx={{ pt: 1 }}>
                <FormikTextField name="name" label="Name" placeholder="Optional" autoFocus fullWidth />
                <Stack direction="row" spacing={2}>
                  <FormikTextField name="countryCode" label="Country Code" select required sx={{ width: 200, flexShrink: 0 }}>
                    {codes.map((country) => (
                      <MenuItem key={country.code} value={country.code}>
                        {country.code} {country.name}
                      </MenuItem>
                    ))}
                  </FormikTextField>
                  <FormikTextField
                    name="phoneNumber"
                    label="Phone Number"
                    required
                    fullWidth
                    slotProps={{ htmlInput: { inputMode: 'tel' } }}
                  />
                </Stack>
                {canTag && <TagsField disabled={isSubmitting} />}
              </Stack>
            </DialogContent>
            <DialogActions sx={{ px: 3, pb: 2 }}>
              <Button onClick={onClose} color="inherit" disabled={isSubmitting}>
                Cancel
              </Button>
              <Button type="submit" variant="contained" loading={isSubmitting}>
                {editing ? 'Save Changes' : 'Add Contact'}
              </Button>
            </DialogActions>
          </Form>
        )}
      </Formik>
    </Dialog>
  );
}
