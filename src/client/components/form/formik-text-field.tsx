import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { useField, useFormikContext } from 'formik';

export type FormikTextFieldProps = Omit<TextFieldProps, 'name' | 'value' | 'error'> & { name: string };

/**
 * An MUI TextField bound to a Formik field by `name` (nested paths work): value, change, blur, and
 * the field's error as helper text once it is touched. Disabled while the form submits unless
 * `disabled` says otherwise. Any other TextField prop passes through.
 */
export function FormikTextField({ name, helperText, disabled, onBlur, onChange, ...props }: FormikTextFieldProps) {
  const [field, meta] = useField<string>(name);
  const { isSubmitting } = useFormikContext();
  const showError = meta.touched && Boolean(meta.error);
  return (
    <TextField
      {...props}
      name={name}
      value={field.value ?? ''}
      onChange={(event) => {
        field.onChange(event);
        onChange?.(event);
      }}
      onBlur={(event) => {
        field.onBlur(event);
        onBlur?.(event);
      }}
      error={showError}
      helperText={showError ? meta.error : helperText}
      disabled={disabled ?? isSubmitting}
    />
  );
}
