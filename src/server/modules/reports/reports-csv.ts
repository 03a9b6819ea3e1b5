import type { ReportRange } from '@shared/validation/reports';
import { safeFileName } from '../../lib/csv-download';
import type { DurationRow } from '../report-rollups';
import type { DayRow } from './reports-service';

/** The inbox report as CSV: one row per day of the range, then the range's total (its medians over every period). */

export const REPORT_CSV_HEADER = [
  'Date', 'Conversations opened', 'Conversations resolved', 'Messages in', 'Messages out',
  'Median first response (minutes)', 'Median resolution (minutes)',
];

/** Minutes to one decimal; empty where there is nothing to measure. */
const minutes = (value: number | null) => (value === null ? '' : String(Math.round(value * 10) / 10));

export const reportCsvCells = (day: DayRow): string[] => [
  day.date, String(day.opened), String(day.resolved), String(day.messagesIn), String(day.messagesOut),
  minutes(day.medianFirstResponse), minutes(day.medianResolution),
];

/** The rows in one batch: a report has at most a year of days. */
export async function* reportRows(days: DayRow[], totals: { firstResponse: DurationRow; resolution: DurationRow }): AsyncGenerator<DayRow[]> {
  const sum = (pick: (day: DayRow) => number) => days.reduce((total, day) => total + pick(day), 0);
  yield [...days, {
    date: 'Total',
    opened: sum((day) => day.opened), resolved: sum((day) => day.resolved),
    messagesIn: sum((day) => day.messagesIn), messagesOut: sum((day) => day.messagesOut),
    medianFirstResponse: totals.firstResponse.median, medianResolution: totals.resolution.median,
  }];
}

export const reportCsvFileName = ({ from, to }: ReportRange) => `inbox-report-${safeFileName(from)}-to-${safeFileName(to)}.csv`;
