import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { useField, useFormikContext, type FormikHelpers } from 'formik';
import { FormDialog } from '@client/components/form/form-dialog';
import { FormikTextField } from '@client/components/form/formik-text-field';
import { useRecordAction } from '@client/components/toast/use-record-action';
import { useToast } from '@client/components/toast/use-toast';
import { isApiError } from '@client/api/api-error';
import { TagPicker } from '@client/components/tags/tag-picker';
import type { Contact, ContactInput } from '@shared/api/contacts';
import { MAX_TAGS_PER_CONTACT } from '@shared/constants';
import { SUPPORTED_COUNTRIES } from '@shared/countries';
import { contactSchema } from '@shared/validation/contacts';
import { useCreateContactMutation, useUpdateContactMutation } from './contacts-api';

/** The request's shape with every field filled in, as the form always holds them (blank name = ''). */
type ContactFormValues = { [K in keyof ContactInput]-?: NonNullable<ContactInput[K]> };

const DEFAULT_COUNTRY_CODE = SUPPORTED_COUNTRIES[0].code;

function initialValues(contact: Contact | null): ContactFormValues {
  return {
    name: contact?.name ?? '',
    countryCode: contact?.countryCode ?? DEFAULT_COUNTRY_CODE,
    phoneNumber: contact?.phoneNumber ?? '',
    tagIds: contact?.tags.map((tag) => tag.tagId) ?? [],
  };
}

function TagsField() {
  const [field, meta, helpers] = useField<string[]>('tagIds');
  const { isSubmitting } = useFormikContext();
  return (
    <TagPicker
      value={field.value}
      onChange={(tagIds) => void helpers.setValue(tagIds)}
      onBlur={() => void helpers.setTouched(true)}
      max={MAX_TAGS_PER_CONTACT}
      error={meta.touched ? meta.error : undefined}
      disabled={isSubmitting}
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
  const runAction = useRecordAction('Contact');
  const [createContact] = useCreateContactMutation();
  const [updateContact] = useUpdateContactMutation();
  const editing = contact !== null;
  const codes = SUPPORTED_COUNTRIES.some((c) => c.code === contact?.countryCode) || !contact
    ? SUPPORTED_COUNTRIES
    : [...SUPPORTED_COUNTRIES, { code: contact.countryCode, name: 'Other' }];

  async function submit(parsed: ContactInput, helpers: FormikHelpers<ContactFormValues>) {
    const body: ContactInput = {
      name: parsed.name || null,
      countryCode: parsed.countryCode,
      phoneNumber: parsed.phoneNumber,
      // Without contacts:tag the tags are left as they are (the server would refuse a change).
      ...(canTag && { tagIds: parsed.tagIds }),
    };
    const saved = await runAction(
      contact ? 'update' : 'create',
      () => (contact ? updateContact({ id: contact.id, ...body }).unwrap() : createContact(body).unwrap()),
      (error) => {
        if (!isApiError(error) || error.code !== 'DUPLICATE_CONTACT') return false;
        toast.warning('Contact Already Exists', error.error);
        // Also beside the number: the open modal hides the toast from screen readers.
        helpers.setFieldError('phoneNumber', error.error ?? 'Contact Already Exists');
        return true;
      },
    );
    if (saved) onClose();
  }

  return (
    <FormDialog
      open={open}
      title={editing ? 'Edit Contact' : 'Add Contact'}
      submitLabel={editing ? 'Save Changes' : 'Add Contact'}
      initialValues={initialValues(contact)}
      schema={contactSchema}
      onSubmit={submit}
      onClose={onClose}
      maxWidth="sm"
    >
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
      {canTag && <TagsField />}
    </FormDialog>
  );
}
