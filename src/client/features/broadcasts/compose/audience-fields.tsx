import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { useFormikContext } from 'formik';
import { useEffect, useRef } from 'react';
import { useGetContactQuery } from '@client/api/contacts-endpoints';
import { TagPicker } from '@client/components/tags/tag-picker';
import { useDebouncedValue } from '@client/components/use-debounced-value';
import { BROADCAST_TEXTS } from '@shared/api/broadcasts';
import type { Contact } from '@shared/api/contacts';
import { CONTACT_SEARCH_DEBOUNCE_MS, MAX_TAGS_PER_BROADCAST } from '@shared/constants';
import { formatCountOf } from '@shared/format/count';
import { useCountAudienceQuery } from '../broadcasts-api';
import { AudienceCheckWarning } from './audience-check-warning';
import { audienceKey, audienceRequest } from './audience-request';
import type { AudienceMode, ComposeValues } from './compose-values';
import { ContactPicker, type PickedContact } from './contact-picker';


/**
 * How many distinct contacts the broadcast will reach (a contact in two tags counts once, deleted ones
 * never), asked again 300 ms after the selection last changed. Announced politely as it changes.
 */
export function AudienceCount() {
  const { values } = useFormikContext<ComposeValues>();
  const settledKey = useDebouncedValue(audienceKey(values), CONTACT_SEARCH_DEBOUNCE_MS);
  const request = audienceRequest(settledKey);
  const { data, isFetching, isError } = useCountAudienceQuery(request ?? skipToken);
  const pending = settledKey !== audienceKey(values) || isFetching;

  let text: string;
  if (!request) text = values.audience === 'tags' ? 'Select tags to see how many contacts this reaches.' : 'Select contacts to see how many this reaches.';
  else if (pending) text = 'Counting recipients…';
  else if (isError || !data) text = 'The number of recipients could not be counted.';
  else if (data.count === 0) text = BROADCAST_TEXTS.noRecipients;
  else text = `This broadcast will reach ${formatCountOf(data.count, 'contact')}.`;

  return (
    <Typography
      role="status"
      variant="body2"
      color={request && !pending && data?.count === 0 ? 'error' : 'text.secondary'}
      sx={{ fontWeight: request && !pending && data ? 600 : undefined }}
    >
      {text}
    </Typography>
  );
}

/**
 * ?contactId= preselects that contact (switching to contacts): it is read once; one that does not exist
 * (or was deleted) leaves the selection empty with a message asking to pick contacts by hand.
 */
function useContactPreselect(contactId: string | null, select: (contact: Contact) => void): boolean {
  const { data, isError } = useGetContactQuery(contactId ?? skipToken);
  const applied = useRef(false);
  useEffect(() => {
    if (applied.current || !data || data.deletedAt) return;
    applied.current = true;
    select(data);
  }, [data, select]);
  return contactId !== null && (isError || Boolean(data?.deletedAt));
}

export interface AudienceFieldsProps {
  /** The contact of ?contactId=, if any. */
  preselectContactId: string | null;
}

/** Tags or contacts: a toggle, the tag picker (1 to 20) or the contact search, and the reach. */
export function AudienceFields({ preselectContactId }: AudienceFieldsProps) {
  const { values, errors, touched, setFieldValue, setFieldTouched, setValues, isSubmitting } = useFormikContext<ComposeValues>();
  const latestValues = useRef(values);
  useEffect(() => {
    latestValues.current = values;
  });

  const missing = useContactPreselect(preselectContactId, (contact) => {
    const current = latestValues.current;
    if (current.contactIds.includes(contact.id)) return;
    void setValues({ ...current, audience: 'contacts', contacts: [...current.contacts, contact], contactIds: [...current.contactIds, contact.id] });
  });

  const setContacts = (contacts: PickedContact[]) =>
    void setValues({ ...values, contacts, contactIds: contacts.map((contact) => contact.id) });

  const tagError = touched.tagIds ? (errors.tagIds as string | undefined) : undefined;
  const contactError = touched.contactIds ? (errors.contactIds as string | undefined) : undefined;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <ToggleButtonGroup
        exclusive
        color="primary"
        size="small"
        value={values.audience}
        onChange={(_event, mode: AudienceMode | null) => {
          if (mode) void setFieldValue('audience', mode);
        }}
        aria-label="Send to"
        disabled={isSubmitting}
      >
        <ToggleButton value="tags">Tags</ToggleButton>
        <ToggleButton value="contacts">Contacts</ToggleButton>
      </ToggleButtonGroup>
      {missing && values.audience === 'contacts' && <Alert severity="warning">{BROADCAST_TEXTS.contactNotFound}</Alert>}
      {values.audience === 'tags' ? (
        <TagPicker
          value={values.tagIds}
          onChange={(tagIds) => void setFieldValue('tagIds', tagIds)}
          onBlur={() => void setFieldTouched('tagIds', true)}
          max={MAX_TAGS_PER_BROADCAST}
          error={tagError}
          disabled={isSubmitting}
        />
      ) : (
        <ContactPicker
          value={values.contacts}
          onChange={setContacts}
          onBlur={() => void setFieldTouched('contactIds', true)}
          error={contactError}
          disabled={isSubmitting}
        />
      )}
      <AudienceCount />
      <AudienceCheckWarning />
    </Box>
  );
}
