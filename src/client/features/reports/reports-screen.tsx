import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useSearchParams } from 'react-router-dom';
import { errorMessage } from '@client/components/error-message';
import { PageHeader } from '@client/components/page-header';
import { useSession } from '@client/session/use-session';
import type { ReportRange, ReportRangeQuery } from '@shared/validation/reports';
import { AgentsTable } from './agents-table';
import { BusiestHours } from './busiest-hours';
import { DailyChart } from './daily-chart';
import { RangeForm } from './range-form';
import { inboxReportCsvUrl, useGetInboxReportQuery } from './reports-api';
import { SummaryFigures } from './summary-figures';

/** The range in the address (?from=&to=), so a report can be reloaded and shared; none: the server's last 7 days. */
function useRangeParams(): [ReportRangeQuery, (range: ReportRange) => void] {
  const [params, setParams] = useSearchParams();
  const range: ReportRangeQuery = {
    ...(params.get('from') && { from: params.get('from') ?? undefined }),
    ...(params.get('to') && { to: params.get('to') ?? undefined }),
  };
  return [range, ({ from, to }) => setParams({ from, to })];
}

/** The inbox reports: a date range's conversations, response times, messages, busiest hours and agents. */
export default function ReportsScreen() {
  const { can } = useSession();
  const [query, setRange] = useRangeParams();
  const { data: report, isFetching, error } = useGetInboxReportQuery(query);
  const shown = report && { from: report.from, to: report.to };
  // A range the server refused (typed into the address) stays in the form, to be corrected.
  const formRange = error ? { from: query.from ?? '', to: query.to ?? '' } : shown;

  return (
    <>
      <PageHeader
        title="Reports"
        subtitle={report ? `Days in ${report.timeZone}, the organization's time zone.` : undefined}
        actions={can('analytics:export') && shown && (
          <Button component="a" href={inboxReportCsvUrl(shown)} download variant="outlined" startIcon={<DownloadIcon />}>
            Export CSV
          </Button>
        )}
      />
      <Stack spacing={3}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {formRange && <RangeForm range={formRange} onApply={setRange} />}
          {isFetching && <CircularProgress size={24} aria-label="Loading the report" />}
        </Stack>
        {error && <Alert severity="error">{errorMessage(error, 'Failed to load the report. Please try again.')}</Alert>}
        {report && !error && (
          <>
            <SummaryFigures report={report} />
            <DailyChart days={report.days} />
            <BusiestHours grid={report.busiestHours} timeZone={report.timeZone} />
            {report.agents && <AgentsTable agents={report.agents} />}
          </>
        )}
      </Stack>
    </>
  );
}
