import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { getIn, useFormikContext } from 'formik';
import { CONTACT_FIELD_LABELS, CONTACT_FIELDS, type ContactField, type TemplateParameter } from '@shared/api/template-parameters';
import { isContactField, looksUnfilled } from '@shared/templates/personal-parameters';

export const UNFILLED_HINT = 'Looks like a placeholder: every contact gets it as written. Use a contact field for their own value.';

type Kind = 'text' | 'field';

const ROW_COLUMNS = { xs: 'minmax(0, 1fr)', sm: 'minmax(130px, 160px) minmax(0, 1fr)' };
const FIELD_ROW_COLUMNS = { xs: 'minmax(0, 1fr)', sm: 'minmax(130px, 160px) minmax(0, 1fr) minmax(0, 1fr)' };

interface ParameterControlProps {
  /** The Formik path of this parameter, e.g. `parameters.0`. */
  path: string;
  n: number;
  parameter: TemplateParameter;
}

/**
 * One variable: "Text" (the same for everyone) or "Contact field" (the recipient's name, WhatsApp
 * profile name or number, with a fallback for a contact without it). The schema reports a parameter's
 * problem at the parameter itself, shown under the field the member types in.
 */
function ParameterControl({ path, n, parameter }: ParameterControlProps) {
  const { errors, touched, isSubmitting, setFieldValue, setFieldTouched, handleChange, handleBlur } = useFormikContext();
  const kind: Kind = 'text' in parameter ? 'text' : 'field';
  const problem: unknown = getIn(errors, path);
  const error = getIn(touched, path) && typeof problem === 'string' ? problem : null;

  const changeKind = (next: Kind) => {
    if (next === kind) return;
    void setFieldValue(path, next === 'text' ? { text: '' } : { field: 'name', fallback: '' });
    void setFieldTouched(path, false, false);
  };

  const kindSelect = (
    <TextField
      select
      label={`Parameter ${n} value`}
      value={kind}
      onChange={(event) => changeKind(event.target.value as Kind)}
      disabled={isSubmitting}
    >
      <MenuItem value="text">Text</MenuItem>
      <MenuItem value="field">Contact field</MenuItem>
    </TextField>
  );

  if ('text' in parameter) {
    const unfilled = looksUnfilled(parameter.text);
    return (
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: ROW_COLUMNS, alignItems: 'start' }}>
        {kindSelect}
        <TextField
          label={`Parameter ${n}`}
          name={`${path}.text`}
          required
          value={parameter.text}
          onChange={handleChange}
          onBlur={handleBlur}
          error={Boolean(error)}
          helperText={error ?? (unfilled ? UNFILLED_HINT : `Fills {{${n}}}`)}
          // Bold, not coloured: warning orange on white is below 4.5:1; the alert below the fields carries the colour.
          slotProps={{ formHelperText: { sx: unfilled && !error ? { fontWeight: 600 } : undefined } }}
          disabled={isSubmitting}
        />
      </Box>
    );
  }

  return (
    <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: FIELD_ROW_COLUMNS, alignItems: 'start' }}>
      {kindSelect}
      <TextField
        select
        label={`Parameter ${n} contact field`}
        value={parameter.field}
        onChange={(event) => {
          if (isContactField(event.target.value)) void setFieldValue(`${path}.field`, event.target.value satisfies ContactField);
        }}
        helperText={`Fills {{${n}}}`}
        disabled={isSubmitting}
      >
        {CONTACT_FIELDS.map((field) => (
          <MenuItem key={field} value={field}>
            {CONTACT_FIELD_LABELS[field]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={`Parameter ${n} fallback`}
        name={`${path}.fallback`}
        required
        value={parameter.fallback}
        onChange={handleChange}
        onBlur={handleBlur}
        error={Boolean(error)}
        helperText={error ?? `For contacts without a ${CONTACT_FIELD_LABELS[parameter.field].toLowerCase()}`}
        disabled={isSubmitting}
      />
    </Box>
  );
}

/**
 * One control per template variable, bound to the Formik array at `name`: the compose form of a
 * broadcast and the chat's template picker both use it.
 */
export function TemplateParameterFields({ name = 'parameters' }: { name?: string }) {
  const { values } = useFormikContext();
  const parameters: unknown = getIn(values, name);
  if (!Array.isArray(parameters)) return null;
  return (
    <>
      {(parameters as TemplateParameter[]).map((parameter, index) => (
        <ParameterControl key={index} path={`${name}.${index}`} n={index + 1} parameter={parameter} />
      ))}
    </>
  );
}
