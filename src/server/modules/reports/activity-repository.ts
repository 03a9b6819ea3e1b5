import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { rowsOf } from '../../db/rows-of';
import { DAY_FORMAT, localTime } from '../../db/local-time-sql';
import type { Instants } from '../report-rollups';

/**
 * The inbox reports' figures read beside the rollups (Drizzle only, reads only), each one statement:
 * resolves and assignments by conversation_events (organization, kind, time), and the members.
 */

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
    select e.kind, to_char(e.day, ${DAY_FORMAT}) as day, e.user_id, grouping(e.day) as by_day, count(*) as n
    from (
      -- Grouped by date, formatted per group: to_char on every event costs more than the rest of the query.
      select e.kind, e.user_id, ${localTime(sql`e.occurred_at`, timeZone)}::date as day from conversation_events e
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
