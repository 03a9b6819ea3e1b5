import { sql } from 'drizzle-orm';
import type { AgentReport, InboxReport, ReportDay } from '@shared/api/reports';
import { wallTimeAt } from '@shared/format/zoned-time';
import { addDays, dayNumber, reportRange, type ReportRange, type ReportRangeQuery } from '@shared/validation/reports';
import type { Database } from '../../db/database';
import { invalidInput } from '../../lib/domain-error';
import type { AuthContext } from '../../types';
import { readOrganizationSettings } from '../organization-settings';
import { agentFigures, customerMessagesByHour, figuresPerDay, NO_DAY_FIGURES, type DayFigures } from './activity-repository';
import { responseTimes, type Instants } from './openings-repository';

const WEEKDAYS = 7;
const HOURS = 24;

/** From the first day's midnight to the midnight after the last day, in the time zone. */
function instantsOf({ from, to }: ReportRange, timeZone: string): Instants {
  return {
    start: sql`((${from}::date)::timestamp at time zone ${timeZone})`,
    end: sql`((${to}::date + 1)::timestamp at time zone ${timeZone})`,
  };
}

/** The range asked for, its defaults taken in the organization's time zone; a broken rule is a 400. */
async function rangeFor(db: Database, organizationId: string, query: ReportRangeQuery) {
  const { timeZone } = await readOrganizationSettings(db, organizationId);
  const range = reportRange(query, wallTimeAt(new Date(), timeZone).slice(0, 10));
  if ('problem' in range) throw invalidInput(range.problem);
  return { range, timeZone };
}

const datesOf = ({ from, to }: ReportRange) =>
  Array.from({ length: (dayNumber(to) ?? 0) - (dayNumber(from) ?? 0) + 1 }, (_, i) => addDays(from, i));

interface ReportDayFigures extends ReportDay, Omit<DayFigures, 'opened' | 'resolved'> {}

async function daysOf(db: Database, organizationId: string, range: ReportRange, timeZone: string): Promise<ReportDayFigures[]> {
  const figures = await figuresPerDay(db, organizationId, instantsOf(range, timeZone), timeZone);
  return datesOf(range).map((date) => ({ date, ...(figures.get(date) ?? NO_DAY_FIGURES) }));
}

/** Weekday (0 Monday … 6 Sunday) × hour, zeros where nobody wrote. */
async function busiestHours(db: Database, organizationId: string, instants: Instants, timeZone: string): Promise<number[][]> {
  const grid = Array.from({ length: WEEKDAYS }, () => Array<number>(HOURS).fill(0));
  for (const { weekday, hour, count } of await customerMessagesByHour(db, organizationId, instants, timeZone)) grid[weekday - 1][hour] = count;
  return grid;
}

async function agentsOf(db: Database, organizationId: string, instants: Instants): Promise<AgentReport[]> {
  return (await agentFigures(db, organizationId, instants)).map(({ medianFirstResponse, medianResolution, ...agent }) => ({
    ...agent, medianFirstResponseMinutes: medianFirstResponse, medianResolutionMinutes: medianResolution,
  }));
}

/** The inbox report for a range; the per-agent figures only for members with analytics:view_advanced. */
export async function inboxReport(db: Database, member: AuthContext, query: ReportRangeQuery): Promise<InboxReport> {
  const { range, timeZone } = await rangeFor(db, member.organizationId, query);
  const instants = instantsOf(range, timeZone);
  const advanced = member.permissions.includes('analytics:view_advanced');
  const [days, times, hours, agents] = await Promise.all([
    daysOf(db, member.organizationId, range, timeZone),
    responseTimes(db, member.organizationId, instants),
    busiestHours(db, member.organizationId, instants, timeZone),
    advanced ? agentsOf(db, member.organizationId, instants) : undefined,
  ]);
  const figures = (row: typeof times.firstResponse) => ({ medianMinutes: row.median, p90Minutes: row.p90, count: row.count });
  return {
    ...range,
    timeZone,
    days: days.map(({ date, opened, resolved }) => ({ date, opened, resolved })),
    firstResponse: figures(times.firstResponse),
    resolution: figures(times.resolution),
    messages: {
      inbound: days.reduce((sum, day) => sum + day.messagesIn, 0),
      outbound: days.reduce((sum, day) => sum + day.messagesOut, 0),
    },
    busiestHours: hours,
    ...(agents && { agents }),
  };
}

/** The report's days for the CSV export, with each day's messages and medians, and the range it covers. */
export async function inboxReportDays(db: Database, organizationId: string, query: ReportRangeQuery) {
  const { range, timeZone } = await rangeFor(db, organizationId, query);
  const [days, totals] = await Promise.all([
    daysOf(db, organizationId, range, timeZone),
    responseTimes(db, organizationId, instantsOf(range, timeZone)),
  ]);
  return { range, days, totals };
}

/** Today's median first response in the time zone, in minutes (null before any): the dashboard's card. */
export async function medianFirstResponseToday(db: Database, organizationId: string, timeZone: string): Promise<number | null> {
  const today = sql`date_trunc('day', now() at time zone ${timeZone})`;
  const instants = { start: sql`(${today} at time zone ${timeZone})`, end: sql`((${today} + interval '1 day') at time zone ${timeZone})` };
  return (await responseTimes(db, organizationId, instants)).firstResponse.median;
}
