import { SnackbarProvider } from 'notistack';
import type { ReactNode } from 'react';
import { TOAST } from '@shared/constants';
import { ToastContent } from './toast-content';

const COMPONENTS = { default: ToastContent, info: ToastContent, success: ToastContent, warning: ToastContent, error: ToastContent };

/** notistack with the product's toast defaults: bottom-right, 4 s, 250 ms transitions, 5 visible and the rest queued. */
export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={TOAST.limitPerPosition}
      anchorOrigin={TOAST.position}
      autoHideDuration={TOAST.autoCloseMs}
      transitionDuration={{ enter: TOAST.transitionMs, exit: TOAST.transitionMs }}
      Components={COMPONENTS}
    >
      {children}
    </SnackbarProvider>
  );
}
