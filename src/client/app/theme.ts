import { createTheme } from '@mui/material/styles';
import type {} from '@mui/material/themeCssVarsAugmentation';
import type {} from '@mui/x-data-grid/themeAugmentation';
import { FONT_FACES, FONT_STACK } from './fonts';

/**
 * Light and dark schemes as CSS variables, switched by a class on <html> (MUI's `useColorScheme`
 * stores the choice in localStorage). Teal reads as "messaging" without borrowing WhatsApp's green.
 *
 * Every text colour here keeps a contrast ratio of at least 4.5:1 (WCAG 2.1 AA for normal text)
 * against both surfaces of its scheme, `background.default` and `background.paper`. Status colours are
 * used as text (outlined chips, text buttons) and as fills under their `contrastText` (filled chips),
 * so both pairs are checked; MUI's stock warning, info and error miss it in one scheme or the other.
 * The browser suite's accessibility spec runs axe-core on every screen in both schemes to hold this.
 */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'class' },
  colorSchemes: {
    light: {
      palette: {
        // Colours MUI derives (a contrastText left out) pick black or white by this ratio, not by 3:1.
        contrastThreshold: 4.5,
        primary: { main: '#0f766e', light: '#14b8a6', dark: '#115e59', contrastText: '#ffffff' },
        secondary: { main: '#4f46e5' },
        // White on these, and these on white or the page grey: 4.7:1 or more.
        error: { main: '#c62828', contrastText: '#ffffff' },
        warning: { main: '#a84b05', contrastText: '#ffffff' },
        info: { main: '#0369a1', contrastText: '#ffffff' },
        success: { main: '#2e7d32', contrastText: '#ffffff' },
        background: { default: '#f4f6f8', paper: '#ffffff' },
        // Disabled text still carries content (a deleted contact's name, a locked field's value), so it
        // too stays readable: 5:1 on the page grey, while lighter than secondary text.
        text: { primary: '#0f172a', secondary: '#526077', disabled: '#5f6b7d' },
        divider: 'rgba(15, 23, 42, 0.09)',
      },
    },
    dark: {
      palette: {
        contrastThreshold: 4.5,
        primary: { main: '#2dd4bf', light: '#5eead4', dark: '#14b8a6', contrastText: '#042f2e' },
        secondary: { main: '#818cf8' },
        // Light tones under dark text, as primary: white on MUI's dark-scheme red is only 3.7:1.
        error: { main: '#f87171', contrastText: '#0b1120' },
        warning: { main: '#fbbf24', contrastText: '#0b1120' },
        info: { main: '#38bdf8', contrastText: '#0b1120' },
        success: { main: '#4ade80', contrastText: '#0b1120' },
        background: { default: '#0b1120', paper: '#111a2e' },
        text: { primary: '#e2e8f0', secondary: '#94a3b8', disabled: '#8391a7' },
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
    MuiDataGrid: {
      styleOverrides: {
        // The last column's resize handle is centred on its right edge, 5 px past the grid's content,
        // so a grid whose columns fit would still scroll 5 px sideways. Clipped to its column (as the
        // grid does itself once its columns overflow), it stays usable and the grid fits.
        root: { '& .MuiDataGrid-columnHeader--last': { overflow: 'hidden' } },
      },
    },
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
