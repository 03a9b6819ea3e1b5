import Button, { type ButtonProps } from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { ReactNode } from 'react';

/** A Profile form's submit button: it spins, and cannot be pressed again, while its form submits. */
export function ProfileSubmitButton({
  busy,
  disabled = false,
  variant = 'contained',
  sx = { alignSelf: 'flex-start' },
  children,
}: {
  busy: boolean;
  disabled?: boolean;
  variant?: ButtonProps['variant'];
  sx?: ButtonProps['sx'];
  children: ReactNode;
}) {
  return (
    <Button
      type="submit"
      variant={variant}
      disabled={busy || disabled}
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
      sx={sx}
    >
      {children}
    </Button>
  );
}
