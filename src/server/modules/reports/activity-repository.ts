import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { rowsOf } from '../../db/rows-of';
import { FIRST_RESPONSE_MINUTES, numberOrNull, openingsIn, RESOLUTION_MINUTES, type Instants } from './openings-repository';

/**
 * The inbox reports' figures (Drizzle only, reads only), each one statement read once per report:
 * periods by the openings' walks (openings-repository) with every median in one pass (grouping sets),
 * resolves and assignments by conversation_events (organization, kind, time), messages by
 * (organization, direction, sent_at) without thread notes, counted per hour and summed up by the service.
 */

/** A local day as the report names it (YYYY-MM-DD). */
const DAY_FORMAT = 'YYYY-MM-DD';
const local = (instant: SQL, timeZone: string) => sql`(${instant} at time zone ${timeZone})`;

export interface DurationRow {
  median: number | null;
  p90: number | null;
  count: number;
}

export interface PeriodFigures {
  opened: number;
  firstResponse: DurationRow;
  resolution: DurationRow;
}

export interface PeriodsByKey {
  all: PeriodFigures;
  /** By the local day the period opened. */
  byDay: Map<string, PeriodFigures>;
  /** By the member who sent the first response. */
  byResponder: Map<string, PeriodFigures>;
  /** By the assignee holding the conversation at the resolve. */
  byResolver: Map<string, PeriodFigures>;
}

export const NO_PERIODS: PeriodFigures = {
  opened: 0, firstResponse: { median: null, p90: null, count: 0 }, resolution: { median: null, p90: null, count: 0 },
};

/** The periods opened in the range: counted, with the medians and 90th percentiles, overall, per day, per responder and per resolver. */
export async function periodFigures(db: Queryable, organizationId: string, range: Instants, timeZone: string): Promise<PeriodsByKey> {
  type Row = {
    day_set: number | string; responder_set: number | string; resolver_set: number | string;
    day: string | null; responder_id: string | null; resolver_id: string | null; opened: number | string;
    fr_median: number | string | null; fr_p90: number | string | null; fr_count: number | string;
    rs_median: number | string | null; rs_p90: number | string | null; rs_count: number | string;
  };
  const rows = rowsOf<Row>(await db.execute(sql`
    select grouping(p.day) as day_set, grouping(p.responder_id) as responder_set, grouping(p.resolver_id) as resolver_set,
      p.day, p.responder_id, p.resolver_id, count(*) as opened,
      percentile_cont(0.5) within group (order by p.fr) as fr_median, percentile_cont(0.9) within group (order by p.fr) as fr_p90, count(p.fr) as fr_count,
      percentile_cont(0.5) within group (order by p.rs) as rs_median, percentile_cont(0.9) within group (order by p.rs) as rs_p90, count(p.rs) as rs_count
    from (
      select to_char(${local(sql`p.opened_at`, timeZone)}, ${DAY_FORMAT}) as day, p.responder_id, p.resolver_id,
        ${FIRST_RESPONSE_MINUTES} as fr, ${RESOLUTION_MINUTES} as rs
      from ${openingsIn(organizationId, range)} p
    ) p
    group by grouping sets ((p.day), (p.responder_id), (p.resolver_id), ())`));
  const figures = (row: Row): PeriodFigures => ({
    opened: Number(row.opened),
    firstResponse: { median: numberOrNull(row.fr_median), p90: numberOrNull(row.fr_p90), count: Number(row.fr_count) },
    resolution: { median: numberOrNull(row.rs_median), p90: numberOrNull(row.rs_p90), count: Number(row.rs_count) },
  });
  const result: PeriodsByKey = { all: NO_PERIODS, byDay: new Map(), byResponder: new Map(), byResolver: new Map() };
  // grouping(x) is 0 where the row is grouped by x; a null key (nobody responded, nobody held it) is no member.
  for (const row of rows) {
    if (Number(row.day_set) === 0 && row.day !== null) result.byDay.set(row.day, figures(row));
    else if (Number(row.responder_set) === 0 && row.responder_id !== null) result.byResponder.set(row.responder_id, figures(row));
    else if (Number(row.resolver_set) === 0 && row.resolver_id !== null) result.byResolver.set(row.resolver_id, figures(row));
    else if (Number(row.day_set) + Number(row.responder_set) + Number(row.resolver_set) === 3) result.all = figures(row);
  }
  return result;
}

export interface EventCounts {
  /** Resolves per local day. */
  resolvedByDay: Map<string, number>;
  /** Per member: assignments to them, and resolves while they held the conversation. */
  byMember: Map<string, { assigned: number; resolved: number }>;
}

/** Resolves per day, and assignments and resolves per member, in the range. */
export async function eventCounts(db: Queryable, organizationId: string, range: Instants, timeZone: string): Promise<EventCounts> {
  type Row = { kind: 'resolved' | 'assigned'; day: string | null; user_id: string | null; by_day: number | string; n: number | string };
  const rows = rowsOf<Row>(await db.execute(sql`
    select e.kind, e.day, e.user_id, grouping(e.day) as by_day, count(*) as n
    from (
      select e.kind, e.user_id, to_char(${local(sql`e.occurred_at`, timeZone)}, ${DAY_FORMAT}) as day from conversation_events e
      where e.organization_id = ${organizationId}::uuid and e.kind in ('resolved', 'assigned')
        and e.occurred_at >= ${range.start} and e.occurred_at < ${range.end}
    ) e
    group by grouping sets ((e.kind, e.day), (e.kind, e.user_id))`));
  const counts: EventCounts = { resolvedByDay: new Map(), byMember: new Map() };
  for (const row of rows) {
    if (Number(row.by_day) === 0) {
      if (row.kind === 'resolved' && row.day !== null) counts.resolvedByDay.set(row.day, Number(row.n));
    } else if (row.user_id !== null) {
      const member = counts.byMember.get(row.user_id) ?? { assigned: 0, resolved: 0 };
      member[row.kind] = Number(row.n);
      counts.byMember.set(row.user_id, member);
    }
  }
  return counts;
}

export interface HourCount {
  direction: 'inbound' | 'outbound';
  /** The local day (YYYY-MM-DD). */
  day: string;
  /** ISO weekday, 1 Monday … 7 Sunday. */
  weekday: number;
  hour: number;
  count: number;
}

/**
 * Messages are counted per quarter hour of UTC, which needs no time zone per message: every zone's offset
 * is a whole number of quarter hours, so each quarter lies in one local hour, found once per quarter.
 */
const QUARTER_SECONDS = 900;

/**
 * Messages in and out per local hour of the range, thread notes aside (broadcasts and automations count
 * as out): one pass over the index, grouped by hour, which the days and the busiest hours are summed from.
 */
export async function messagesPerHour(db: Queryable, organizationId: string, range: Instants, timeZone: string): Promise<HourCount[]> {
  const rows = rowsOf<{ direction: 'inbound' | 'outbound'; day: string; weekday: number | string; hour: number | string; n: number | string }>(
    await db.execute(sql`
      select direction, to_char(h, ${DAY_FORMAT}) as day, extract(isodow from h) as weekday, extract(hour from h) as hour, sum(n) as n from (
        select direction, ${local(sql`to_timestamp(quarter * ${QUARTER_SECONDS})`, timeZone)} as h, n from (
          select m.direction, floor(extract(epoch from m.sent_at) / ${QUARTER_SECONDS})::bigint as quarter, count(*) as n from messages m
          where m.organization_id = ${organizationId}::uuid and m.direction in ('inbound', 'outbound') and m.message_type <> 'note'
            and m.sent_at >= ${range.start} and m.sent_at < ${range.end}
          group by 1, 2
        ) quarters
      ) hours
      group by 1, 2, 3, 4`),
  );
  return rows.map((row) => ({ direction: row.direction, day: row.day, weekday: Number(row.weekday), hour: Number(row.hour), count: Number(row.n) }));
}

export interface MemberName {
  userId: string;
  name: string;
  email: string;
}

/** The organization's members, by name: every one is listed in the report, a load of zero is a figure too. */
export async function membersByName(db: Queryable, organizationId: string): Promise<MemberName[]> {
  const rows = rowsOf<{ user_id: string; name: string; email: string }>(await db.execute(sql`
    select u.id as user_id, u.name, u.email from memberships ms join users u on u.id = ms.user_id
    where ms.organization_id = ${organizationId}::uuid
    order by lower(u.name), u.email`));
  return rows.map((row) => ({ userId: row.user_id, name: row.name, email: row.email }));
}
