import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { BarChart } from '@mui/x-charts/BarChart';
import { VisuallyHidden } from '@client/components/visually-hidden';
import { FUNNEL_STAGES, type BroadcastAnalytics, type FunnelStage } from '@shared/api/broadcasts';
import { BAR_COLORS, ChartFigure } from '@client/components/analytics/chart-figure';
import { FILTER_TITLES, formatCount, percentOf, type MaybeDrillDown } from './drill-down';
import { SectionCard } from '@client/components/analytics/section-card';
import { COMPACT_TABLE, WIDE_ONLY } from '@client/components/analytics/table-style';

interface Stage {
  stage: FunnelStage;
  label: string;
  count: number;
  /** The share of the stage before it (Attempted: of all recipients). */
  rate: string;
  ofAttempted: string;
}

function stagesOf(analytics: BroadcastAnalytics): Stage[] {
  const counts = new Map(analytics.funnel.map((entry) => [entry.stage, entry.count]));
  const attempted = counts.get('attempted') ?? 0;
  return FUNNEL_STAGES.map((stage, index) => {
    const count = counts.get(stage) ?? 0;
    const previous = index === 0 ? analytics.totalCount : (counts.get(FUNNEL_STAGES[index - 1]) ?? 0);
    return { stage, label: FILTER_TITLES[stage], count, rate: percentOf(count, previous), ofAttempted: percentOf(count, attempted) };
  });
}

/**
 * Attempted → Sent → Delivered → Read → Replied: a horizontal bar per stage (MUI X's funnel chart is
 * not in the free package), and the same figures as a table with each stage's rate; every stage lists
 * its recipients.
 */
export function FunnelSection({ analytics, onDrillDown }: { analytics: BroadcastAnalytics; onDrillDown: MaybeDrillDown }) {
  const stages = stagesOf(analytics);
  const open = onDrillDown && ((stage: Stage) => onDrillDown({ filter: stage.stage, title: stage.label }));
  return (
    <SectionCard id="funnel-title" title="Funnel" subtitle="How many recipients reached each stage, and the share of the stage before.">
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }, alignItems: 'center' }}>
        <ChartFigure
          label="Funnel chart: Attempted, Sent, Delivered, Read, Replied (the table has its figures)"
          empty={stages.every((stage) => stage.count === 0) && 'Nothing has been sent yet.'}
        >
          <BarChart
            height={260}
            layout="horizontal"
            hideLegend
            yAxis={[{ scaleType: 'band', data: stages.map((stage) => stage.label), width: 80 }]}
            xAxis={[{ tickMinStep: 1 }]}
            series={[{ data: stages.map((stage) => stage.count), label: 'Recipients', color: BAR_COLORS[0] }]}
            onItemClick={open && ((_event, item) => {
              const stage = stages[item.dataIndex];
              if (stage) open(stage);
            })}
          />
        </ChartFigure>
        <Table size="small" aria-label="Funnel stages" sx={COMPACT_TABLE}>
          <TableHead>
            <TableRow>
              <TableCell>Stage</TableCell>
              <TableCell align="right">Recipients</TableCell>
              <TableCell align="right">Rate</TableCell>
              <TableCell align="right" sx={WIDE_ONLY}>Of attempted</TableCell>
              {open && (
                <TableCell align="right">
                  <VisuallyHidden>Recipients list</VisuallyHidden>
                </TableCell>
              )}
            </TableRow>
          </TableHead>
          <TableBody>
            {stages.map((stage) => (
              <TableRow key={stage.stage}>
                <TableCell component="th" scope="row">{stage.label}</TableCell>
                <TableCell align="right">{formatCount(stage.count)}</TableCell>
                <TableCell align="right">{stage.rate}</TableCell>
                <TableCell align="right" sx={WIDE_ONLY}>{stage.ofAttempted}</TableCell>
                {open && (
                  <TableCell align="right">
                    <Button size="small" onClick={() => open(stage)}>
                      View<VisuallyHidden> {stage.label.toLowerCase()} recipients</VisuallyHidden>
                    </Button>
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </SectionCard>
  );
}
