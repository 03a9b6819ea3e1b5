import { useField, useFormikContext } from 'formik';
import type { ReactNode } from 'react';
import { DescribedSwitch } from './described-switch';

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
  return (
    <DescribedSwitch
      {...field}
      checked={Boolean(field.checked)}
      disabled={disabled ?? isSubmitting}
      label={label}
      description={description}
    />
  );
}
