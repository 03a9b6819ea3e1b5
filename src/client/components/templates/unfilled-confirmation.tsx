import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { getIn, useFormikContext } from 'formik';
import { useEffect } from 'react';
import type { TemplateParameter } from '@shared/api/template-parameters';
import { unfilledPlaceholders } from '@shared/templates/personal-parameters';

const list = (numbers: number[]) => numbers.map((n) => `Parameter ${n}`).join(', ');

/**
 * Fixed values that read like unfilled placeholders (`{{name}}`, `[name]`) must be confirmed before
 * sending (`unfilledConfirmed`, which the shared schema requires then): every recipient would get them
 * as written. Changing the values asks again.
 */
export function UnfilledConfirmation({ name = 'parameters' }: { name?: string }) {
  const { values, errors, touched, setFieldValue, isSubmitting } = useFormikContext();
  const parameters: unknown = getIn(values, name);
  const unfilled = Array.isArray(parameters) ? unfilledPlaceholders(parameters as TemplateParameter[]) : [];
  const key = unfilled.join(',');
  const confirmed = getIn(values, 'unfilledConfirmed') === true;
  const error: unknown = getIn(touched, 'unfilledConfirmed') ? getIn(errors, 'unfilledConfirmed') : undefined;

  useEffect(() => {
    // A confirmation covers the values it was given for: new suspicious values need a new one.
    void setFieldValue('unfilledConfirmed', false, false);
  }, [key, setFieldValue]);

  if (unfilled.length === 0) return null;
  return (
    <Alert severity="warning" role="alert">
      {list(unfilled)} {unfilled.length === 1 ? 'looks' : 'look'} like an unfilled placeholder: every contact gets the text exactly as
      written. Choose “Contact field” to send each contact their own value.
      <FormControlLabel
        sx={{ display: 'flex', mt: 1 }}
        control={
          <Checkbox
            checked={confirmed}
            onChange={(event) => void setFieldValue('unfilledConfirmed', event.target.checked)}
            disabled={isSubmitting}
          />
        }
        label="Send these values as written"
      />
      {typeof error === 'string' && <FormHelperText error>{error}</FormHelperText>}
    </Alert>
  );
}
