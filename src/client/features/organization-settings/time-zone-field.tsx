import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useField } from 'formik';
import { timeZoneNames } from '@shared/organization-settings/time-zones';

/** The organization's time zone: a searchable list of IANA zones, bound to a Formik field. */
export function TimeZoneField({ name, disabled }: { name: string; disabled?: boolean }) {
  const [field, meta, helpers] = useField<string>(name);
  const showError = meta.touched && Boolean(meta.error);
  const zones = timeZoneNames();
  // A saved zone this browser does not list (an alias) stays choosable.
  const options = zones.includes(field.value) || !field.value ? zones : [field.value, ...zones];
  return (
    <Autocomplete
      options={options}
      value={field.value || null}
      onChange={(_event, zone) => void helpers.setValue(zone ?? '')}
      onBlur={() => void helpers.setTouched(true)}
      disabled={disabled}
      autoHighlight
      fullWidth
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          label="Time zone"
          required
          error={showError}
          helperText={showError ? meta.error : 'The days of your reports begin and end at midnight in this zone'}
        />
      )}
    />
  );
}
