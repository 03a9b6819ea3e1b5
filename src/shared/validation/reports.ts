import { object, string } from 'yup';

/** The inbox reports' date range (`?from=&to=`): the rules the Reports screen and its API share. */

/** The longest range a report covers: a year, leap day included. */
export const MAX_REPORT_DAYS = 366;
/** The range a report covers when none is asked for, ending today. */
export const DEFAULT_REPORT_DAYS = 7;

export const REPORT_FROM_INVALID = 'From must be a date (YYYY-MM-DD)';
export const REPORT_TO_INVALID = 'To must be a date (YYYY-MM-DD)';
export const REPORT_FROM_AFTER_TO = 'From must be on or before To';
export const REPORT_RANGE_TOO_LONG = `Pick a range of at most ${MAX_REPORT_DAYS} days`;

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day's number since 1970-01-01, or null when the text is not a real calendar date. */
export function dayNumber(date: string): number | null {
  const match = ISO_DATE.exec(date);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  const utc = Date.UTC(year, month - 1, day);
  const back = new Date(utc);
  if (back.getUTCFullYear() !== year || back.getUTCMonth() !== month - 1 || back.getUTCDate() !== day) return null;
  return utc / 86_400_000;
}

/** The date `days` after (or before) an ISO date. */
export function addDays(date: string, days: number): string {
  return new Date(((dayNumber(date) ?? 0) + days) * 86_400_000).toISOString().slice(0, 10);
}

const dateField = (message: string) => string().strict().typeError(message).test('date', message, (value) => !value || dayNumber(value) !== null);

/** Both ends are days in the organization's time zone, inclusive; either may be left out (see the service). */
export const reportRangeSchema = object({
  from: dateField(REPORT_FROM_INVALID)
    .test('order', REPORT_FROM_AFTER_TO, function ordered(from) {
      const to = this.parent.to as unknown;
      if (!from || typeof to !== 'string') return true;
      const [start, end] = [dayNumber(from), dayNumber(to)];
      return start === null || end === null || start <= end;
    })
    .test('length', REPORT_RANGE_TOO_LONG, function short(from) {
      const to = this.parent.to as unknown;
      if (!from || typeof to !== 'string') return true;
      const [start, end] = [dayNumber(from), dayNumber(to)];
      return start === null || end === null || end - start + 1 <= MAX_REPORT_DAYS;
    }),
  to: dateField(REPORT_TO_INVALID),
});

export type ReportRangeQuery = { from?: string; to?: string };

export type ReportRange = { from: string; to: string };

/**
 * The range a report covers: what was asked, `to` defaulting to today and `from` to the last
 * DEFAULT_REPORT_DAYS days ending at `to`; a problem message when the range breaks a rule (a `from`
 * after today without a `to`, for instance).
 */
export function reportRange(query: ReportRangeQuery, today: string): ReportRange | { problem: string } {
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, 1 - DEFAULT_REPORT_DAYS);
  const [start, end] = [dayNumber(from), dayNumber(to)];
  if (start === null) return { problem: REPORT_FROM_INVALID };
  if (end === null) return { problem: REPORT_TO_INVALID };
  if (start > end) return { problem: REPORT_FROM_AFTER_TO };
  if (end - start + 1 > MAX_REPORT_DAYS) return { problem: REPORT_RANGE_TOO_LONG };
  return { from, to };
}
