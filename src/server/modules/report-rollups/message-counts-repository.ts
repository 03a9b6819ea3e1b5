import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { DAY_FORMAT, localTime } from '../../db/local-time-sql';
import { rowsOf } from '../../db/rows-of';
import type { FigureSource, Instants } from './openings-repository';

/**
 * Messages in and out per UTC quarter hour (Drizzle only): `report_message_counts` holds deltas the
 * triggers on messages insert (+n for a statement's messages, -n for deleted ones), each key's figure
 * is the sum of its rows, and the fold sums a key's rows into one.
 */

/** Seconds in a quarter hour. */
const QUARTER_SECONDS = 900;
/** The quarter hour an instant lies in: seconds since 1970 over 900, rounded down. */
const quarterOf = (instant: SQL) => sql`floor(extract(epoch from ${instant}) / ${QUARTER_SECONDS})::bigint`;

/**
 * Messages in and out per quarter hour of the range (direction, quarter, n), thread notes aside,
 * quarters without any left out. The range's ends are local midnights: every zone's offset is whole
 * quarters, so they are quarter boundaries too.
 */
function messageQuartersIn(organizationId: string, range: Instants): SQL {
  return sql`(
    select direction, quarter, sum(messages) as n from report_message_counts
    where organization_id = ${organizationId}::uuid and quarter >= ${quarterOf(range.start)} and quarter < ${quarterOf(range.end)}
    group by direction, quarter having sum(messages) <> 0
  )`;
}

/** The same counted from the messages themselves (by the index on organization, direction and sent_at): what the rollup replaced. */
function recountedMessageQuartersIn(organizationId: string, range: Instants): SQL {
  return sql`(
    select m.direction, ${quarterOf(sql`m.sent_at`)} as quarter, count(*) as n from messages m
    where m.organization_id = ${organizationId}::uuid and m.direction in ('inbound', 'outbound') and m.message_type <> 'note'
      and m.sent_at >= ${range.start} and m.sent_at < ${range.end}
    group by 1, 2
  )`;
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
 * Messages in and out per local hour of the range, thread notes aside (broadcasts and automations count
 * as out): the kept counts per UTC quarter hour, each quarter lying in one local hour (every zone's
 * offset is whole quarters), found once per quarter.
 */
export async function messagesPerHour(
  db: Queryable, organizationId: string, range: Instants, timeZone: string, source: FigureSource = 'kept',
): Promise<HourCount[]> {
  const quarters = source === 'kept' ? messageQuartersIn(organizationId, range) : recountedMessageQuartersIn(organizationId, range);
  const rows = rowsOf<{ direction: 'inbound' | 'outbound'; day: string; weekday: number | string; hour: number | string; n: number | string }>(
    await db.execute(sql`
      select direction, to_char(h, ${DAY_FORMAT}) as day, extract(isodow from h) as weekday, extract(hour from h) as hour, sum(n) as n from (
        select q.direction, ${localTime(sql`to_timestamp(q.quarter * ${QUARTER_SECONDS})`, timeZone)} as h, q.n from ${quarters} q
      ) hours
      group by 1, 2, 3, 4`),
  );
  return rows.map((row) => ({ direction: row.direction, day: row.day, weekday: Number(row.weekday), hour: Number(row.hour), count: Number(row.n) }));
}

/**
 * Sums the keys of the `batch` oldest unsummed rows into one summed row each (none when it is zero).
 * Answers how many unsummed rows it took. Each row is deleted once, so a figure's sum never changes.
 */
export async function foldMessageCounts(db: Queryable, batch: number): Promise<number> {
  const [row] = rowsOf<{ taken: string | number }>(await db.execute(sql`
    with keys as (
      select distinct organization_id, quarter, direction from (
        select organization_id, quarter, direction from report_message_counts where not folded order by id limit ${batch}
      ) n
    ), removed as (
      delete from report_message_counts r using keys k
      where r.organization_id = k.organization_id and r.quarter = k.quarter and r.direction = k.direction
      returning r.organization_id, r.quarter, r.direction, r.messages, r.folded
    ), summed as (
      insert into report_message_counts (organization_id, quarter, direction, messages, folded)
      select organization_id, quarter, direction, sum(messages), true from removed
      group by organization_id, quarter, direction having sum(messages) <> 0
    )
    select count(*) filter (where not folded) as taken from removed`));
  return Number(row?.taken ?? 0);
}

/** The organization's messages in and out per quarter hour as kept, and as counted from the messages (the rollup checks). */
export async function messageCountDrift(db: Queryable, organizationId: string): Promise<number> {
  const [row] = rowsOf<{ drift: string | number }>(await db.execute(sql`
    select count(*) as drift from (
      select quarter, direction, sum(messages) as n from report_message_counts where organization_id = ${organizationId}::uuid
      group by 1, 2 having sum(messages) <> 0
    ) kept full join (
      select ${quarterOf(sql`sent_at`)} as quarter, direction, count(*) as n from messages
      where organization_id = ${organizationId}::uuid and message_type <> 'note' group by 1, 2
    ) counted using (quarter, direction)
    where kept.n is distinct from counted.n`));
  return Number(row?.drift ?? 0);
}
