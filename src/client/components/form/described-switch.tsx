import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch, { type SwitchProps } from '@mui/material/Switch';
import { useId, type ReactNode } from 'react';

export interface DescribedSwitchProps extends Pick<SwitchProps, 'checked' | 'onChange' | 'onBlur' | 'name' | 'value' | 'disabled'> {
  label: ReactNode;
  /** Says what turning it on does; read with the switch by screen readers. */
  description?: ReactNode;
}

/** An MUI Switch with its label and a description that screen readers read with it. */
export function DescribedSwitch({ label, description, ...switchProps }: DescribedSwitchProps) {
  const descriptionId = useId();
  return (
    <div>
      <FormControlLabel
        label={label}
        control={<Switch {...switchProps} slotProps={{ input: { 'aria-describedby': description ? descriptionId : undefined } }} />}
      />
      {description && <FormHelperText id={descriptionId} sx={{ mt: 0, ml: 0 }}>{description}</FormHelperText>}
    </div>
  );
}
