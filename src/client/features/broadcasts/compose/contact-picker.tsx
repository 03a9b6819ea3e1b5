import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useSearchContactsQuery } from '@client/api/contacts-endpoints';
import { contactName as shownName, contactPhone } from '@client/components/contacts/contact-name';
import { useDebouncedValue } from '@client/components/use-debounced-value';
import type { Contact } from '@shared/api/contacts';
import { CONTACT_SEARCH_DEBOUNCE_MS, CONTACT_SEARCH_MIN_CHARS } from '@shared/constants';

/** A picked contact: enough to name its chip (a contact the search found, or one a saved broadcast names). */
export type PickedContact = Pick<Contact, 'id' | 'name' | 'profileName' | 'countryCode' | 'phoneNumber'>;

function contactName(contact: PickedContact): string {
  return shownName(contact).text;
}

export interface ContactPickerProps {
  value: readonly PickedContact[];
  onChange: (contacts: PickedContact[]) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
}

/**
 * Picks contacts by searching their name or number: the search starts at 3 typed characters, 300 ms
 * after the typing stops; contacts already picked (and deleted ones, which cannot receive) are not
 * offered. The typed text stays after a pick, so several matches can be picked in a row. Picked
 * contacts show as chips, each removable.
 */
export function ContactPicker({ value, onChange, onBlur, error, disabled }: ContactPickerProps) {
  const [input, setInput] = useState('');
  const typed = input.trim();
  const query = useDebouncedValue(typed, CONTACT_SEARCH_DEBOUNCE_MS);
  const searching = query.length >= CONTACT_SEARCH_MIN_CHARS;
  const { data, isFetching } = useSearchContactsQuery(query, { skip: !searching });

  const options = useMemo(() => {
    if (!searching || typed.length < CONTACT_SEARCH_MIN_CHARS) return [];
    const picked = new Set(value.map((contact) => contact.id));
    return (data?.data ?? []).filter((contact) => !contact.deletedAt && !picked.has(contact.id));
  }, [data, searching, typed, value]);

  const settled = query === typed && !isFetching;
  const noOptionsText =
    typed.length < CONTACT_SEARCH_MIN_CHARS
      ? `Type at least ${CONTACT_SEARCH_MIN_CHARS} characters to search`
      : settled
        ? 'No contacts found'
        : 'Searching…';

  return (
    <Autocomplete<PickedContact, true>
      multiple
      disableCloseOnSelect
      options={options}
      value={[...value]}
      inputValue={input}
      onInputChange={(_event, text, reason) => {
        // A pick would empty the input; the search is kept so the next match can be picked too.
        if (reason === 'input' || reason === 'clear' || reason === 'blur') setInput(text);
      }}
      filterOptions={(found) => found}
      filterSelectedOptions
      loading={typed.length >= CONTACT_SEARCH_MIN_CHARS && !settled}
      loadingText="Searching…"
      noOptionsText={noOptionsText}
      disabled={disabled}
      getOptionLabel={contactName}
      isOptionEqualToValue={(option, picked) => option.id === picked.id}
      onChange={(_event, contacts) => onChange(contacts)}
      onBlur={onBlur}
      renderOption={({ key, ...props }, contact) => (
        <Box component="li" key={key} {...props}>
          <Box sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{contactName(contact)}</Typography>
            {shownName(contact).source !== 'phone' && (
              <Typography variant="caption" color="text.secondary">{contactPhone(contact)}</Typography>
            )}
          </Box>
        </Box>
      )}
      renderValue={(contacts, getItemProps) =>
        contacts.map((contact, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={contactName(contact)} {...itemProps} />;
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="Contacts"
          placeholder={value.length === 0 ? 'Search by name or phone number' : undefined}
          error={Boolean(error)}
          helperText={error ?? `Type at least ${CONTACT_SEARCH_MIN_CHARS} characters to search`}
        />
      )}
    />
  );
}
