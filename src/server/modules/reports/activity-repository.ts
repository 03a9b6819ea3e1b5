import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { rowsOf } from '../../db/rows-of';
import { FIRST_RESPONSE_MINUTES, numberOrNull, openingsIn, RESOLUTION_MINUTES, type Instants } from './openings-repository';

/**
 * The inbox reports' counts (Drizzle only, reads only), each one statement over an index: periods by
 * the openings' walks (openings-repository), resolves and assignments by conversation_events
 * (organization, kind, time), messages by (organization, direction, sent_at) without thread notes.
 */

/** A day in the organization's time zone, as the report names it. */
const dayOf = (instant: SQL, timeZone: string) => sql`to_char(${instant} at time zone ${timeZone}, 'YYYY-MM-DD')`;

export interface DayFigures {
  opened: number;
  resolved: number;
  messagesIn: number;
  messagesOut: number;
  medianFirstResponse: number | null;
  medianResolution: number | null;
}

export const NO_DAY_FIGURES: DayFigures = {
  opened: 0, resolved: 0, messagesIn: 0, messagesOut: 0, medianFirstResponse: null, medianResolution: null,
};

/**
 * Per day of the range (the days with anything): periods opened with the medians of their first response
 * and resolution, conversations resolved, and messages in and out (thread notes aside; broadcasts and
 * automations count as out).
 */
export async function figuresPerDay(db: Queryable, organizationId: string, range: Instants, timeZone: string): Promise<Map<string, DayFigures>> {
  type Row = { day: string; opened: string | number; resolved: string | number; messages_in: string | number; messages_out: string | number;
    fr_median: string | number | null; rs_median: string | number | null };
  const rows = rowsOf<Row>(await db.execute(sql`
    select day, sum(opened) as opened, sum(resolved) as resolved, sum(messages_in) as messages_in, sum(messages_out) as messages_out,
      max(fr_median) as fr_median, max(rs_median) as rs_median
    from (
      select ${dayOf(sql`p.opened_at`, timeZone)} as day, count(*) as opened, 0 as resolved, 0 as messages_in, 0 as messages_out,
        percentile_cont(0.5) within group (order by ${FIRST_RESPONSE_MINUTES}) as fr_median,
        percentile_cont(0.5) within group (order by ${RESOLUTION_MINUTES}) as rs_median
      from ${openingsIn(organizationId, range)} p group by 1
      union all
      select ${dayOf(sql`e.occurred_at`, timeZone)}, 0, count(*), 0, 0, null, null from conversation_events e
      where e.organization_id = ${organizationId}::uuid and e.kind = 'resolved'
        and e.occurred_at >= ${range.start} and e.occurred_at < ${range.end}
      group by 1
      union all
      select ${dayOf(sql`m.sent_at`, timeZone)}, 0, 0, count(*) filter (where m.direction = 'inbound'),
        count(*) filter (where m.direction = 'outbound'), null, null
      from messages m
      where m.organization_id = ${organizationId}::uuid and m.direction in ('inbound', 'outbound') and m.message_type <> 'note'
        and m.sent_at >= ${range.start} and m.sent_at < ${range.end}
      group by 1
    ) figures
    group by day`));
  return new Map(rows.map((row) => [row.day, {
    opened: Number(row.opened), resolved: Number(row.resolved), messagesIn: Number(row.messages_in), messagesOut: Number(row.messages_out),
    medianFirstResponse: numberOrNull(row.fr_median), medianResolution: numberOrNull(row.rs_median),
  }]));
}

/** Customer messages per weekday (ISO: 1 Monday … 7 Sunday) and hour in the time zone, the hours with any. */
export async function customerMessagesByHour(db: Queryable, organizationId: string, range: Instants, timeZone: string) {
  const local = sql`(m.sent_at at time zone ${timeZone})`;
  const rows = rowsOf<{ weekday: string | number; hour: string | number; n: string | number }>(await db.execute(sql`
    select extract(isodow from ${local}) as weekday, extract(hour from ${local}) as hour, count(*) as n from messages m
    where m.organization_id = ${organizationId}::uuid and m.direction = 'inbound' and m.message_type <> 'note'
      and m.sent_at >= ${range.start} and m.sent_at < ${range.end}
    group by 1, 2`));
  return rows.map((row) => ({ weekday: Number(row.weekday), hour: Number(row.hour), count: Number(row.n) }));
}

export interface AgentFigures {
  userId: string;
  name: string;
  email: string;
  assigned: number;
  resolved: number;
  medianFirstResponse: number | null;
  medianResolution: number | null;
}

/**
 * Per member of the organization: conversations assigned to them and resolved while theirs in the range,
 * and the medians of the first responses they sent and the resolutions of periods they held, for periods
 * opened in the range. Every member is listed, those with nothing too (a load of zero is a figure).
 */
export async function agentFigures(db: Queryable, organizationId: string, range: Instants): Promise<AgentFigures[]> {
  type Row = { user_id: string; name: string; email: string; assigned: string | number; resolved: string | number;
    fr_median: string | number | null; rs_median: string | number | null };
  const rows = rowsOf<Row>(await db.execute(sql`
    with periods as ${openingsIn(organizationId, range)},
    events as (
      select e.user_id, count(*) filter (where e.kind = 'assigned') as assigned, count(*) filter (where e.kind = 'resolved') as resolved
      from conversation_events e
      where e.organization_id = ${organizationId}::uuid and e.occurred_at >= ${range.start} and e.occurred_at < ${range.end}
        and e.user_id is not null
      group by e.user_id
    ),
    responses as (
      select p.responder_id as user_id, percentile_cont(0.5) within group (order by ${FIRST_RESPONSE_MINUTES}) as fr_median
      from periods p where p.responder_id is not null group by p.responder_id
    ),
    resolutions as (
      select p.resolver_id as user_id, percentile_cont(0.5) within group (order by ${RESOLUTION_MINUTES}) as rs_median
      from periods p where p.resolver_id is not null and p.resolved_at is not null group by p.resolver_id
    )
    select u.id as user_id, u.name, u.email, coalesce(ev.assigned, 0) as assigned, coalesce(ev.resolved, 0) as resolved,
      r.fr_median, s.rs_median
    from memberships ms
    join users u on u.id = ms.user_id
    left join events ev on ev.user_id = u.id
    left join responses r on r.user_id = u.id
    left join resolutions s on s.user_id = u.id
    where ms.organization_id = ${organizationId}::uuid
    order by lower(u.name), u.email`));
  return rows.map((row) => ({
    userId: row.user_id, name: row.name, email: row.email, assigned: Number(row.assigned), resolved: Number(row.resolved),
    medianFirstResponse: numberOrNull(row.fr_median), medianResolution: numberOrNull(row.rs_median),
  }));
}
