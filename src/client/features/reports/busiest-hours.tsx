import Box from '@mui/material/Box';
import { alpha, useTheme } from '@mui/material/styles';
import { SectionCard } from '@client/components/analytics/section-card';
import { VisuallyHidden } from '@client/components/visually-hidden';
import { formatCount } from '@shared/format/count';

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const WEEKDAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const HOURS = Array.from({ length: 24 }, (_, hour) => hour);
/** Hours labelled on screen; the others are named for screen readers only, so 24 columns fit a phone. */
const LABELLED = new Set([0, 6, 12, 18]);

const CELL = { p: 0, border: 0, height: 22, textAlign: 'center' } as const;

/**
 * Customer messages by weekday and hour, as a table whose cells darken with the count (MUI X's heatmap
 * is not in the free package); each cell names its count for screen readers.
 */
export function BusiestHours({ grid, timeZone }: { grid: number[][]; timeZone: string }) {
  const theme = useTheme();
  const most = Math.max(0, ...grid.flat());
  const shade = (count: number) => (count === 0 || most === 0 ? 'transparent' : alpha(theme.palette.primary.main, 0.15 + 0.85 * (count / most)));
  return (
    <SectionCard id="hours-title" title="Busiest hours" subtitle={`Customer messages by day and hour (${timeZone}).`}>
      {most === 0 ? (
        <Box component="p" sx={{ m: 0, color: 'text.secondary', typography: 'body2' }}>No customer wrote in this range.</Box>
      ) : (
        <Box component="table" aria-label="Customer messages by day and hour" sx={{ width: '100%', tableLayout: 'fixed', borderCollapse: 'separate', borderSpacing: '2px' }}>
          <thead>
            <tr>
              <Box component="th" scope="col" sx={{ ...CELL, width: 40 }}><VisuallyHidden>Day</VisuallyHidden></Box>
              {HOURS.map((hour) => (
                <Box component="th" scope="col" key={hour} sx={{ ...CELL, typography: 'caption', color: 'text.secondary', overflow: 'visible', whiteSpace: 'nowrap' }}>
                  {LABELLED.has(hour) ? `${hour}h` : <VisuallyHidden>{`${hour}h`}</VisuallyHidden>}
                </Box>
              ))}
            </tr>
          </thead>
          <tbody>
            {grid.map((hours, weekday) => (
              <tr key={WEEKDAYS[weekday]}>
                <Box component="th" scope="row" sx={{ ...CELL, typography: 'caption', textAlign: 'left' }}>
                  <abbr title={WEEKDAY_NAMES[weekday]}>{WEEKDAYS[weekday]}</abbr>
                </Box>
                {hours.map((count, hour) => (
                  <Box
                    component="td"
                    key={hour}
                    title={`${WEEKDAY_NAMES[weekday]} ${hour}:00: ${formatCount(count)}`}
                    sx={{ ...CELL, borderRadius: 0.5, bgcolor: shade(count), outline: 1, outlineColor: 'divider' }}
                  >
                    <VisuallyHidden>{formatCount(count)}</VisuallyHidden>
                  </Box>
                ))}
              </tr>
            ))}
          </tbody>
        </Box>
      )}
    </SectionCard>
  );
}
