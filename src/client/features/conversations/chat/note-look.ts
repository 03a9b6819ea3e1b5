import type { Theme } from '@mui/material/styles';

/**
 * A thread note's look, unlike any message the customer sees: amber, in both schemes. Text on it is
 * 12:1 or more (light #422006 on #fef3c7, dark #fde68a on #2b2210), its label 6:1 or more, and its
 * border 3:1 against the surface it sits on.
 */
export const noteSurface = (theme: Theme) => ({
  bgcolor: '#fef3c7',
  color: '#422006',
  borderColor: '#b45309',
  ...theme.applyStyles('dark', { bgcolor: '#2b2210', color: '#fde68a', borderColor: '#d97706' }),
});

/** The label's colour on the note surface. */
export const noteLabel = (theme: Theme) => ({ color: '#854d0e', ...theme.applyStyles('dark', { color: '#fcd34d' }) });
