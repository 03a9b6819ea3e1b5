import { BarChart } from '@mui/x-charts/BarChart';
import { BAR_COLORS, ChartFigure } from '@client/components/analytics/chart-figure';
import { SectionCard } from '@client/components/analytics/section-card';
import type { ReportDay } from '@shared/api/reports';
import { formatCount } from '@shared/format/count';
import { shortDate } from './report-format';

/** What the chart shows, in words, for those who cannot see it. */
function describe(days: ReportDay[]): string {
  const opened = days.reduce((sum, day) => sum + day.opened, 0);
  const resolved = days.reduce((sum, day) => sum + day.resolved, 0);
  const busiest = days.reduce((best, day) => (day.opened > best.opened ? day : best), days[0]);
  return `Conversations opened and resolved per day: ${formatCount(opened)} opened, ${formatCount(resolved)} resolved`
    + (busiest && busiest.opened > 0 ? `; most opened on ${shortDate(busiest.date)} (${formatCount(busiest.opened)})` : '');
}

/** Conversations opened and resolved, a pair of bars per day. */
export function DailyChart({ days }: { days: ReportDay[] }) {
  return (
    <SectionCard id="daily-title" title="Conversations per day" subtitle="Opened (or reopened) by a customer, and resolved.">
      <ChartFigure label={describe(days)} empty={days.every((day) => day.opened === 0 && day.resolved === 0) && 'No conversation was opened or resolved in this range.'}>
        <BarChart
          height={280}
          xAxis={[{ scaleType: 'band', data: days.map((day) => shortDate(day.date)) }]}
          yAxis={[{ tickMinStep: 1, width: 40 }]}
          series={[
            { data: days.map((day) => day.opened), label: 'Opened', color: BAR_COLORS[0] },
            { data: days.map((day) => day.resolved), label: 'Resolved', color: BAR_COLORS[1] },
          ]}
        />
      </ChartFigure>
    </SectionCard>
  );
}
