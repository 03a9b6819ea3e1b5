import AlertTitle from '@mui/material/AlertTitle';
import { useSnackbar, type VariantType } from 'notistack';
import { useMemo } from 'react';

export type ToastSeverity = Extract<VariantType, 'success' | 'error' | 'warning' | 'info'>;

/** Shows a toast: `title` in bold, then `message` when given. */
export type ShowToast = (title: string, message?: string) => void;

export interface Toast {
  success: ShowToast;
  error: ShowToast;
  warning: ShowToast;
  info: ShowToast;
}

/**
 * Toasts for any component, e.g. `toast.success('Success', 'Logged in successfully')` or
 * `toast.error('Login Failed', errorMessage(error, 'Invalid credentials'))`.
 */
export function useToast(): Toast {
  const { enqueueSnackbar } = useSnackbar();
  return useMemo(() => {
    const show = (variant: ToastSeverity): ShowToast => (title, message) => {
      enqueueSnackbar(
        <>
          <AlertTitle sx={{ mb: message ? 0.25 : 0, fontWeight: 600 }}>{title}</AlertTitle>
          {message}
        </>,
        { variant },
      );
    };
    return { success: show('success'), error: show('error'), warning: show('warning'), info: show('info') };
  }, [enqueueSnackbar]);
}
