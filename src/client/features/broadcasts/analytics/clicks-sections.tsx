import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import type { AssignmentShare, ButtonPerformance } from '@shared/api/broadcasts';
import { BAR_COLORS, ChartFigure } from '@client/components/analytics/chart-figure';
import { formatCount } from './drill-down';
import { RuleActionLabel } from './rule-action-label';
import { SectionCard } from '@client/components/analytics/section-card';
import { COMPACT_TABLE, WRAP } from '@client/components/analytics/table-style';

/** An e-mail address is one long word: it may break anywhere rather than widen its column. */
const EMAIL = { overflowWrap: 'anywhere' } as const;

/** A bar per agent: the chart grows with them, within bounds. */
const agentChartHeight = (agents: number) => Math.min(360, 90 + 44 * agents);

const TWO_COLUMNS = { display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' }, alignItems: 'center' } as const;

/** Presses per quick-reply button (all, and by distinct contacts), with what each button does. */
export function ButtonPerformanceSection({ buttons }: { buttons: readonly ButtonPerformance[] }) {
  return (
    <SectionCard id="buttons-title" title="Button performance" subtitle="Presses of each quick-reply button and what they did.">
      {buttons.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          This broadcast's template has no quick-reply buttons.
        </Typography>
      ) : (
        <Box sx={TWO_COLUMNS}>
          <ChartFigure
            label="Button performance chart: clicks and unique clicks per button (the table has its figures)"
            empty={buttons.every((button) => button.clickCount === 0) && 'No button has been pressed yet.'}
          >
            <BarChart
              height={240}
              xAxis={[{ scaleType: 'band', data: buttons.map((button) => button.buttonText) }]}
              yAxis={[{ tickMinStep: 1, width: 40 }]}
              series={[
                { data: buttons.map((button) => button.clickCount), label: 'Clicks', color: BAR_COLORS[0] },
                { data: buttons.map((button) => button.uniqueClicks), label: 'Unique clicks', color: BAR_COLORS[1] },
              ]}
            />
          </ChartFigure>
          <Table size="small" aria-label="Button performance" sx={COMPACT_TABLE}>
            <TableHead>
              <TableRow>
                <TableCell>Button</TableCell>
                <TableCell align="right">Clicks</TableCell>
                <TableCell align="right">Unique</TableCell>
                <TableCell>Action</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {buttons.map((button) => (
                <TableRow key={button.buttonText}>
                  <TableCell component="th" scope="row" sx={WRAP}>{button.buttonText}</TableCell>
                  <TableCell align="right">{formatCount(button.clickCount)}</TableCell>
                  <TableCell align="right">{formatCount(button.uniqueClicks)}</TableCell>
                  <TableCell sx={WRAP}>
                    <RuleActionLabel actionType={button.actionType} tagName={button.tagName} agent={button.assignedAgent} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </SectionCard>
  );
}

/** The conversations button presses assigned, per agent, and which buttons did it. */
export function AssignmentSection({ assignments }: { assignments: readonly AssignmentShare[] }) {
  return (
    <SectionCard id="assignments-title" title="Assignment distribution" subtitle="Conversations assigned by button presses, per agent.">
      {assignments.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          No conversation has been assigned by a button press.
        </Typography>
      ) : (
        <Box sx={TWO_COLUMNS}>
          <ChartFigure label="Assignment distribution chart: assignments per agent (the table has its figures)">
            <BarChart
              height={agentChartHeight(assignments.length)}
              layout="horizontal"
              hideLegend
              yAxis={[{ scaleType: 'band', data: assignments.map((share) => share.agentName), width: 110 }]}
              xAxis={[{ tickMinStep: 1 }]}
              series={[{ data: assignments.map((share) => share.assignmentCount), label: 'Assignments', color: BAR_COLORS[0] }]}
            />
          </ChartFigure>
          <Table size="small" aria-label="Assignment distribution" sx={COMPACT_TABLE}>
            <TableHead>
              <TableRow>
                <TableCell>Agent</TableCell>
                <TableCell align="right">Assignments</TableCell>
                <TableCell>Buttons</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {assignments.map((share) => (
                <TableRow key={share.agentEmail}>
                  <TableCell component="th" scope="row" sx={WRAP}>
                    {share.agentName}
                    <Typography variant="caption" color="text.secondary" component="span" sx={{ display: 'block', ...EMAIL }}>
                      {share.agentEmail}
                    </Typography>
                  </TableCell>
                  <TableCell align="right">{formatCount(share.assignmentCount)}</TableCell>
                  <TableCell sx={WRAP}>
                    {share.buttons.map((button) => `${button.buttonText} (${formatCount(button.clickCount)})`).join(', ')}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </SectionCard>
  );
}
