import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { ToastProvider } from '@client/components/toast/toast-provider';
import { DEFAULT_COLOR_SCHEME } from '@shared/constants';
import type { AppStore } from './store';
import { theme } from './theme';

/** Store, theme (light by default, the user's choice remembered) and toasts around the router. */
export function AppProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      {/* noSsr: read the remembered scheme before the first paint, so a dark-mode user sees no light flash. */}
      <ThemeProvider theme={theme} defaultMode={DEFAULT_COLOR_SCHEME} noSsr disableTransitionOnChange>
        <CssBaseline />
        <ToastProvider>{children}</ToastProvider>
      </ThemeProvider>
    </ReduxProvider>
  );
}
