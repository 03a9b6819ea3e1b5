import { sql } from 'drizzle-orm';
import type { AgentReport, DurationFigures, InboxReport } from '@shared/api/reports';
import { wallTimeAt } from '@shared/format/zoned-time';
import { addDays, dayNumber, reportRange, type ReportRange, type ReportRangeQuery } from '@shared/validation/reports';
import type { Database } from '../../db/database';
import { invalidInput } from '../../lib/domain-error';
import type { AuthContext } from '../../types';
import { readOrganizationSettings } from '../organization-settings';
import {
  messagesPerHourIn, NO_PERIODS, periodFiguresIn, type DurationRow, type HourCount, type Instants, type PeriodsByKey,
} from '../report-rollups';
import { eventCounts, membersByName, type EventCounts } from './activity-repository';

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

/** One day of the report with everything the screen and the CSV show of it. */
export interface DayRow {
  date: string;
  opened: number;
  resolved: number;
  messagesIn: number;
  messagesOut: number;
  medianFirstResponse: number | null;
  medianResolution: number | null;
}

interface Figures {
  range: ReportRange;
  timeZone: string;
  periods: PeriodsByKey;
  events: EventCounts;
  hours: HourCount[];
}

/** Every figure of the range, each statement once. */
async function figuresFor(db: Database, organizationId: string, query: ReportRangeQuery): Promise<Figures> {
  const { range, timeZone } = await rangeFor(db, organizationId, query);
  const instants = instantsOf(range, timeZone);
  const [periods, events, hours] = await Promise.all([
    periodFiguresIn(db, organizationId, instants, timeZone),
    eventCounts(db, organizationId, instants, timeZone),
    messagesPerHourIn(db, organizationId, instants, timeZone),
  ]);
  return { range, timeZone, periods, events, hours };
}

function daysOf({ range, periods, events, hours }: Figures): DayRow[] {
  const messages = new Map<string, { in: number; out: number }>();
  for (const { day, direction, count } of hours) {
    const tally = messages.get(day) ?? { in: 0, out: 0 };
    tally[direction === 'inbound' ? 'in' : 'out'] += count;
    messages.set(day, tally);
  }
  return datesOf(range).map((date) => {
    const opened = periods.byDay.get(date) ?? NO_PERIODS;
    return {
      date,
      opened: opened.opened,
      resolved: events.resolvedByDay.get(date) ?? 0,
      messagesIn: messages.get(date)?.in ?? 0,
      messagesOut: messages.get(date)?.out ?? 0,
      medianFirstResponse: opened.firstResponse.median,
      medianResolution: opened.resolution.median,
    };
  });
}

/** Customer messages by weekday (0 Monday … 6 Sunday) × hour, zeros where nobody wrote. */
function busiestHours(hours: HourCount[]): number[][] {
  const grid = Array.from({ length: WEEKDAYS }, () => Array<number>(HOURS).fill(0));
  for (const { direction, weekday, hour, count } of hours) if (direction === 'inbound') grid[weekday - 1][hour] += count;
  return grid;
}

const durationFigures = (row: DurationRow): DurationFigures => ({ medianMinutes: row.median, p90Minutes: row.p90, count: row.count });

async function agentsOf(db: Database, organizationId: string, { periods, events }: Figures): Promise<AgentReport[]> {
  return (await membersByName(db, organizationId)).map((member) => ({
    ...member,
    assigned: events.byMember.get(member.userId)?.assigned ?? 0,
    resolved: events.byMember.get(member.userId)?.resolved ?? 0,
    medianFirstResponseMinutes: periods.byResponder.get(member.userId)?.firstResponse.median ?? null,
    medianResolutionMinutes: periods.byResolver.get(member.userId)?.resolution.median ?? null,
  }));
}

/** The inbox report for a range; the per-agent figures only for members with analytics:view_advanced. */
export async function inboxReport(db: Database, member: AuthContext, query: ReportRangeQuery): Promise<InboxReport> {
  const figures = await figuresFor(db, member.organizationId, query);
  const days = daysOf(figures);
  const agents = member.permissions.includes('analytics:view_advanced') ? await agentsOf(db, member.organizationId, figures) : undefined;
  return {
    ...figures.range,
    timeZone: figures.timeZone,
    days: days.map(({ date, opened, resolved }) => ({ date, opened, resolved })),
    firstResponse: durationFigures(figures.periods.all.firstResponse),
    resolution: durationFigures(figures.periods.all.resolution),
    messages: {
      inbound: days.reduce((sum, day) => sum + day.messagesIn, 0),
      outbound: days.reduce((sum, day) => sum + day.messagesOut, 0),
    },
    busiestHours: busiestHours(figures.hours),
    ...(agents && { agents }),
  };
}

/** The report's days for the CSV export, with each day's messages and medians, the range's medians and the range. */
export async function inboxReportDays(db: Database, organizationId: string, query: ReportRangeQuery) {
  const figures = await figuresFor(db, organizationId, query);
  return { range: figures.range, days: daysOf(figures), totals: figures.periods.all };
}

/** Today's median first response in the time zone, in minutes (null before any): the dashboard's card. */
export async function medianFirstResponseToday(db: Database, organizationId: string, timeZone: string): Promise<number | null> {
  const today = sql`date_trunc('day', now() at time zone ${timeZone})`;
  const instants = { start: sql`(${today} at time zone ${timeZone})`, end: sql`((${today} + interval '1 day') at time zone ${timeZone})` };
  return (await periodFiguresIn(db, organizationId, instants, timeZone)).all.firstResponse.median;
}
