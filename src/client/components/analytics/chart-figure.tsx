import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** Bar colours that read on both schemes' surfaces (teal as the theme, indigo beside it). */
export const BAR_COLORS = ['#14b8a6', '#6366f1'] as const;

/**
 * A chart with its name. The table beside it carries the same figures as text, so the chart is a
 * picture of the table for those who can see it.
 */
export function ChartFigure({ label, empty, children }: {
  label: string;
  /** Every value is zero: a chart of nothing says less than a sentence. */
  empty?: string | false;
  children: ReactNode;
}) {
  if (empty) {
    return (
      <Typography variant="body2" color="text.secondary">
        {empty}
      </Typography>
    );
  }
  return (
    <Box component="figure" aria-label={label} sx={{ m: 0, minWidth: 0, width: '100%' }}>
      {children}
    </Box>
  );
}
