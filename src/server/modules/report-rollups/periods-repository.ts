import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { rowsOf } from '../../db/rows-of';
import { ALL_TIME, openingsOf, SECOND_OF_SORT_KEYS, sortKeyAt, type Instants } from './openings-repository';

/**
 * The kept periods (Drizzle only): `conversation_periods` holds every period of every conversation, and
 * `conversation_period_changes` the conversations written to since (noted by triggers on messages and
 * conversation_events). The fold recomputes noted conversations; readers take the kept periods of the
 * others and compute the noted ones' themselves, in one statement, so a figure never lags the fold.
 */

const noted = (organizationId: string) =>
  sql`(select n.conversation_id from conversation_period_changes n where n.organization_id = ${organizationId}::uuid)`;

/**
 * The periods opened in the range (opened_at, first_response_at, responder_id, resolved_at,
 * resolver_id), as exact as a full recount: the kept ones of conversations not noted since, and the
 * noted conversations' computed now.
 */
export function periodsIn(organizationId: string, range: Instants) {
  // A period opened in the range opens with a customer message in it: noted conversations without one
  // (all of them, after the migration noted every conversation) are skipped by one probe of the history index.
  const fresh = openingsOf(
    sql`select c.id, c.organization_id from conversations c
      where c.organization_id = ${organizationId}::uuid and c.id in ${noted(organizationId)}
        and exists (select 1 from messages m where m.conversation_id = c.id
          and m.sort_key >= ${sortKeyAt(range.start)} and m.sort_key < ${sortKeyAt(range.end)} + ${SECOND_OF_SORT_KEYS}
          and m.direction = 'inbound' and m.sent_at >= ${range.start} and m.sent_at < ${range.end})`,
    range,
  );
  return sql`(
    select p.opened_at, p.first_response_at, p.responder_id, p.resolved_at, p.resolver_id from conversation_periods p
    where p.organization_id = ${organizationId}::uuid and p.opened_at >= ${range.start} and p.opened_at < ${range.end}
      -- NOT IN over a subquery is one hashed lookup per period, however many conversations are noted.
      and p.conversation_id not in ${noted(organizationId)}
    union all
    select f.opened_at, f.first_response_at, f.responder_id, f.resolved_at, f.resolver_id from ${fresh} f
  )`;
}

/** The periods opened in the range recounted from the histories of the conversations active since it began (no rollup read). */
export function recountedPeriodsIn(organizationId: string, range: Instants) {
  return openingsOf(
    sql`select c.id, c.organization_id from conversations c
      where c.organization_id = ${organizationId}::uuid and coalesce(c.last_message_at, c.created_at) >= ${range.start}`,
    range,
  );
}

/**
 * Takes the conversations of the `batch` oldest notes (every note of each), and recomputes their
 * periods from their history: a note written after this statement began stays for the next fold.
 * Answers how many notes it took. The caller holds the fold's lock, so no two folds write one
 * conversation's periods at once.
 */
export async function recomputeNotedPeriods(db: Queryable, batch: number): Promise<number> {
  const taken = rowsOf<{ conversation_id: string }>(await db.execute(sql`
    with picked as (
      select distinct organization_id, conversation_id from (select organization_id, conversation_id from conversation_period_changes order by id limit ${batch}) n
    )
    delete from conversation_period_changes c using picked p
    where c.organization_id = p.organization_id and c.conversation_id = p.conversation_id
    returning c.conversation_id`));
  if (taken.length === 0) return 0;
  const ids = sql.param([...new Set(taken.map((row) => row.conversation_id))]);
  await db.execute(sql`delete from conversation_periods where conversation_id = any(${ids}::uuid[])`);
  await db.execute(sql`
    insert into conversation_periods (organization_id, conversation_id, opening_sort_key, opened_at, first_response_at, responder_id, resolved_at, resolver_id)
    select o.organization_id, o.conversation_id, o.opening_sort_key, o.opened_at, o.first_response_at, o.responder_id, o.resolved_at, o.resolver_id
    from ${openingsOf(sql`select c.id, c.organization_id from conversations c where c.id = any(${ids}::uuid[])`, ALL_TIME)} o`);
  return taken.length;
}

export interface PeriodRow {
  conversation_id: string;
  opened_at: string;
  first_response_at: string | null;
  responder_id: string | null;
  resolved_at: string | null;
  resolver_id: string | null;
}

const PERIOD_ORDER = sql`order by conversation_id, opened_at`;
const PERIOD_COLUMNS = sql`conversation_id, opened_at::text, first_response_at::text, responder_id, resolved_at::text, resolver_id`;

/** The organization's kept periods, as stored (the rollup checks compare them with `recountedPeriods`). */
export async function keptPeriods(db: Queryable, organizationId: string): Promise<PeriodRow[]> {
  return rowsOf<PeriodRow>(await db.execute(sql`
    select ${PERIOD_COLUMNS} from conversation_periods where organization_id = ${organizationId}::uuid ${PERIOD_ORDER}`));
}

/** The organization's periods recounted from every conversation's history. */
export async function recountedPeriods(db: Queryable, organizationId: string): Promise<PeriodRow[]> {
  const all = openingsOf(sql`select c.id, c.organization_id from conversations c where c.organization_id = ${organizationId}::uuid`, ALL_TIME);
  return rowsOf<PeriodRow>(await db.execute(sql`select ${PERIOD_COLUMNS} from ${all} o ${PERIOD_ORDER}`));
}
