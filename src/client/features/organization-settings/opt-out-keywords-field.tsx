import Autocomplete from '@mui/material/Autocomplete';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import { useField } from 'formik';
import { BUILT_IN_OPT_OUT_KEYWORDS } from '@shared/opt-out/opt-out';

const HINT = `A customer who replies with one of these (or ${BUILT_IN_OPT_OUT_KEYWORDS.join(' or ')}, always) stops getting marketing broadcasts. Press Enter after each.`;

/** The organization's own opt-out keywords: typed words or phrases, each a chip, bound to a Formik list. */
export function OptOutKeywordsField({ name, disabled }: { name: string; disabled?: boolean }) {
  const [field, meta, helpers] = useField<string[]>(name);
  const error = meta.touched && meta.error ? (Array.isArray(meta.error) ? meta.error.find(Boolean) : meta.error) : undefined;
  return (
    <Autocomplete
      multiple
      freeSolo
      options={[]}
      value={field.value}
      onChange={(_event, keywords) => void helpers.setValue(keywords.map((keyword) => keyword.trim()).filter(Boolean))}
      onBlur={() => void helpers.setTouched(true)}
      disabled={disabled}
      fullWidth
      renderValue={(keywords, getItemProps) =>
        keywords.map((keyword, index) => <Chip {...getItemProps({ index })} key={keyword} label={keyword} size="small" />)}
      renderInput={(params) => (
        <TextField {...params} name={name} label="Opt-out keywords" error={Boolean(error)} helperText={error ?? HINT} />
      )}
    />
  );
}
