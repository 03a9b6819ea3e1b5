import Stack from '@mui/material/Stack';
import { useField, useFormikContext, type FormikHelpers } from 'formik';
import { isApiError } from '@client/api/api-error';
import { useCreateContactMutation, useUpdateContactMutation } from '@client/api/contacts-endpoints';
import { FormDialog } from '@client/components/form/form-dialog';
import { FormikTextField } from '@client/components/form/formik-text-field';
import { useRecordAction } from '@client/components/toast/use-record-action';
import { useToast } from '@client/components/toast/use-toast';
import { TagPicker } from '@client/components/tags/tag-picker';
import { useNarrowScreen } from '@client/components/use-narrow-screen';
import type { Contact, ContactInput } from '@shared/api/contacts';
import { MAX_TAGS_PER_CONTACT } from '@shared/constants';
import { DEFAULT_COUNTRY } from '@shared/countries';
import { e164Of, parseInternational } from '@shared/phone';
import { contactSchema } from '@shared/validation/contacts';
import { CountryCodeField } from './country-code-field';

/** The request's shape with every field filled in, as the form always holds them (blank name = ''). */
type ContactFormValues = { [K in keyof ContactInput]-?: NonNullable<ContactInput[K]> };

/**
 * A stored number as the form shows it: split again from its E.164 key, so a code stored split wrongly
 * (a WhatsApp number of a country Parley did not know yet: '+23' '48031234567') shows as '+234'
 * '8031234567', and is stored so with the contact's next change. The key, and so the contact, stay the same.
 */
function storedNumber({ countryCode, phoneNumber }: Contact): { countryCode: string; phoneNumber: string } {
  return parseInternational(e164Of(countryCode, phoneNumber).slice(1)) ?? { countryCode, phoneNumber };
}

function initialValues(contact: Contact | null): ContactFormValues {
  const number = contact ? storedNumber(contact) : { countryCode: DEFAULT_COUNTRY.code, phoneNumber: '' };
  return {
    name: contact?.name ?? '',
    countryCode: number.countryCode,
    phoneNumber: number.phoneNumber,
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
  const narrow = useNarrowScreen();
  const editing = contact !== null;

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
      {/* Side by side where there is room; stacked on a phone, so a long country name stays readable. */}
      <Stack direction={narrow ? 'column' : 'row'} spacing={2}>
        <CountryCodeField name="countryCode" label="Country Code" width={narrow ? '100%' : 260} />
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
