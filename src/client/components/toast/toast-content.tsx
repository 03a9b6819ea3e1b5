import Alert from '@mui/material/Alert';
import { closeSnackbar, SnackbarContent, type CustomContentProps } from 'notistack';
import { forwardRef } from 'react';
import { TOAST } from '@shared/constants';

const SEVERITY = { default: 'info', info: 'info', success: 'success', warning: 'warning', error: 'error' } as const;

/** One toast: an Alert in the variant's colour with its title and message. */
export const ToastContent = forwardRef<HTMLDivElement, CustomContentProps>(function ToastContent({ id, message, variant }, ref) {
  return (
    <SnackbarContent ref={ref}>
      <Alert
        severity={SEVERITY[variant]}
        variant="filled"
        onClose={() => closeSnackbar(id)}
        sx={{ width: { xs: '100%', sm: TOAST.width }, maxHeight: TOAST.maxHeight, overflow: 'auto', boxShadow: 6, alignItems: 'flex-start' }}
      >
        {message}
      </Alert>
    </SnackbarContent>
  );
});
