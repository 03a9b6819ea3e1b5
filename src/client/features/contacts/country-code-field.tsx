import Autocomplete, { createFilterOptions } from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useField, useFormikContext } from 'formik';
import { useState } from 'react';
import { COUNTRIES, countryOfCode, type Country } from '@shared/countries';

const labelOf = (country: Country) => `${country.code} ${country.name}`;

/** Typing matches the name or the code anywhere ('germ', 'united', '+44', '971'), accents ignored. */
const filterCountries = createFilterOptions<Country>({ stringify: labelOf });

/**
 * The add/edit modal's country code: a searchable list of every country (India and the six Gulf states
 * first), bound to the Formik field `name`, which holds only the code. Several countries share a code
 * ('+1', '+44'): the one picked stays shown while its code is the field's, otherwise the code's main
 * country is. A stored code no country has stays selectable as 'Other', so opening such a contact
 * changes nothing.
 */
export function CountryCodeField({ name, label, width }: { name: string; label: string; width: number | string }) {
  const [field, meta, helpers] = useField<string>(name);
  const { isSubmitting } = useFormikContext();
  const [picked, setPicked] = useState<Country | null>(null);
  const value = picked?.code === field.value ? picked : (countryOfCode(field.value) ?? { region: '', code: field.value, name: 'Other' });
  const options = COUNTRIES.includes(value) ? COUNTRIES : [...COUNTRIES, value];
  const showError = meta.touched && Boolean(meta.error);

  return (
    <Autocomplete<Country, false, true>
      options={options}
      value={value}
      disableClearable
      autoHighlight
      disabled={isSubmitting}
      getOptionLabel={labelOf}
      getOptionKey={(country) => `${country.region}${country.code}`}
      filterOptions={filterCountries}
      isOptionEqualToValue={(option, chosen) => option.region === chosen.region && option.code === chosen.code}
      onChange={(_event, country) => {
        setPicked(country);
        void helpers.setValue(country.code);
      }}
      onBlur={() => void helpers.setTouched(true)}
      sx={{ width, flexShrink: 0 }}
      renderInput={(params) => (
        <TextField {...params} name={name} label={label} required error={showError} helperText={showError ? meta.error : undefined} />
      )}
    />
  );
}
