import { createTheme } from '@mui/material/styles';
import type {} from '@mui/material/themeCssVarsAugmentation';
import { FONT_FACES, FONT_STACK } from './fonts';

/**
 * Light and dark schemes as CSS variables, switched by a class on <html> (MUI's `useColorScheme`
 * stores the choice in localStorage). Teal reads as "messaging" without borrowing WhatsApp's green.
 */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: '#0f766e', light: '#14b8a6', dark: '#115e59', contrastText: '#ffffff' },
        secondary: { main: '#4f46e5' },
        background: { default: '#f4f6f8', paper: '#ffffff' },
        text: { primary: '#0f172a', secondary: '#526077' },
        divider: 'rgba(15, 23, 42, 0.09)',
      },
    },
    dark: {
      palette: {
        primary: { main: '#2dd4bf', light: '#5eead4', dark: '#14b8a6', contrastText: '#042f2e' },
        secondary: { main: '#818cf8' },
        background: { default: '#0b1120', paper: '#111a2e' },
        text: { primary: '#e2e8f0', secondary: '#94a3b8' },
        divider: 'rgba(148, 163, 184, 0.16)',
      },
    },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: FONT_STACK,
    h1: { fontWeight: 700, letterSpacing: '-0.02em' },
    h2: { fontWeight: 700, letterSpacing: '-0.02em' },
    h3: { fontWeight: 700, letterSpacing: '-0.02em' },
    h4: { fontWeight: 700, letterSpacing: '-0.02em' },
    h5: { fontWeight: 700, letterSpacing: '-0.01em' },
    h6: { fontWeight: 600 },
    subtitle1: { fontWeight: 600 },
    button: { fontWeight: 600, textTransform: 'none' },
  },
  components: {
    MuiCssBaseline: { styleOverrides: FONT_FACES },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 8 } },
    },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: { root: { borderRadius: 14 } },
    },
    MuiPaper: {
      // Dark mode's elevation overlay makes cards look grey and muddy; flat surfaces read cleaner.
      styleOverrides: { root: { backgroundImage: 'none' } },
    },
    MuiTextField: { defaultProps: { fullWidth: true } },
    MuiTooltip: { defaultProps: { arrow: true } },
    MuiAlert: { styleOverrides: { root: { borderRadius: 10 } } },
    MuiListItemButton: {
      styleOverrides: {
        root: ({ theme: t }) => ({
          borderRadius: 8,
          '&.Mui-selected': {
            backgroundColor: t.alpha(t.vars.palette.primary.main, 0.12),
            color: t.vars.palette.primary.main,
            '& .MuiListItemIcon-root': { color: t.vars.palette.primary.main },
          },
          '&.Mui-selected:hover': { backgroundColor: t.alpha(t.vars.palette.primary.main, 0.18) },
        }),
      },
    },
  },
});
