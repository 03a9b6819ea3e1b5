import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { DurationFigures, InboxReport } from '@shared/api/reports';
import { formatCount, formatCountOf } from '@shared/format/count';
import { formatMinutes } from './report-format';

interface Figure {
  label: string;
  value: string;
  detail?: string;
}

const durationDetail = (figures: DurationFigures) =>
  `90th percentile ${formatMinutes(figures.p90Minutes)} · ${formatCountOf(figures.count, 'conversation')}`;

function figuresOf(report: InboxReport): Figure[] {
  const sum = (pick: (day: InboxReport['days'][number]) => number) => report.days.reduce((total, day) => total + pick(day), 0);
  return [
    { label: 'Conversations opened', value: formatCount(sum((day) => day.opened)), detail: 'Opened or reopened by a customer' },
    { label: 'Conversations resolved', value: formatCount(sum((day) => day.resolved)) },
    { label: 'Median first response', value: formatMinutes(report.firstResponse.medianMinutes), detail: durationDetail(report.firstResponse) },
    { label: 'Median resolution time', value: formatMinutes(report.resolution.medianMinutes), detail: durationDetail(report.resolution) },
    { label: 'Messages in', value: formatCount(report.messages.inbound) },
    { label: 'Messages out', value: formatCount(report.messages.outbound) },
  ];
}

/** The range's headline figures, each a label over its value (a description list for screen readers). */
export function SummaryFigures({ report }: { report: InboxReport }) {
  return (
    <Box
      component="dl"
      aria-label="Summary"
      sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(3, minmax(0, 1fr))', xl: 'repeat(6, minmax(0, 1fr))' } }}
    >
      {figuresOf(report).map((figure) => (
        <Card key={figure.label} sx={{ p: 2, minWidth: 0 }}>
          <Typography component="dt" variant="body2" color="text.secondary">{figure.label}</Typography>
          <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 700 }}>{figure.value}</Typography>
          {figure.detail && <Typography component="dd" variant="caption" color="text.secondary" sx={{ m: 0, display: 'block' }}>{figure.detail}</Typography>}
        </Card>
      ))}
    </Box>
  );
}
