import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import { useField, useFormikContext } from 'formik';
import { useId, type ReactNode } from 'react';

export interface FormikSwitchProps {
  name: string;
  label: ReactNode;
  /** Says what turning it on does; read with the switch by screen readers. */
  description?: ReactNode;
  disabled?: boolean;
}

/** An MUI Switch bound to a boolean Formik field by `name`, with its label and description. */
export function FormikSwitch({ name, label, description, disabled }: FormikSwitchProps) {
  const [field] = useField<boolean>({ name, type: 'checkbox' });
  const { isSubmitting } = useFormikContext();
  const descriptionId = useId();
  return (
    <div>
      <FormControlLabel
        label={label}
        control={
          <Switch
            {...field}
            checked={Boolean(field.checked)}
            disabled={disabled ?? isSubmitting}
            slotProps={{ input: { 'aria-describedby': description ? descriptionId : undefined } }}
          />
        }
      />
      {description && <FormHelperText id={descriptionId} sx={{ mt: 0, ml: 0 }}>{description}</FormHelperText>}
    </div>
  );
}
