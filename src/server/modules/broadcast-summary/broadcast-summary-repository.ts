import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { rowsOf } from '../../db/rows-of';
import {
  broadcastButtonCounts, broadcastFailureCounts, broadcastRecipients, broadcastSummaries, broadcastSummaryChanges, broadcastSummaryEntries, messages,
} from '../../db/schema';
import { FIGURES, QUEUED, recipientFigures, type Figure } from './recipient-figures';

/**
 * The broadcast summary tables' one writer (broadcast_summaries, broadcast_summary_entries,
 * broadcast_failure_counts, broadcast_button_counts, broadcast_summary_changes). A transaction that changes what a recipient
 * adds to its broadcast's figures notes the recipient (an insert into the change log, no shared row to
 * wait for); the fold applies the noted recipients in batches, one fold at a time in the whole
 * deployment; readers add what is noted and not folded yet, in the same statement, so figures never lag.
 */

const raw = (text: string): SQL => sql.raw(text);
const figureList = (prefix = ''): SQL => raw(FIGURES.map((f) => `${prefix}${f}`).join(', '));
/** A figure's SQL type once summed: response_seconds is a float, every other a count. */
const summed = (expression: string, figure: Figure): string => `sum(${expression})${figure === 'response_seconds' ? '' : '::int'}`;

/**
 * The recipients `listed` (over `r`) from the CTE `keys` (organization_id, broadcast_id, recipient_id),
 * each with what it adds now (the FIGURES, error_code, error_message) and what was counted for it
 * (`was_` the same). A recipient gone with its broadcast is left out.
 */
const changedAmong = (listed: SQL): SQL => sql`
  select now_.*, ${raw(FIGURES.map((f) => `coalesce(e.${f}, ${QUEUED[f]}) as was_${f}`).join(', '))},
    e.error_code as was_error_code, e.error_message as was_error_message, coalesce(e.presses, '{}'::jsonb) as was_presses
  from (${recipientFigures(listed)}) now_
  left join ${broadcastSummaryEntries} e on e.recipient_id = now_.recipient_id`;

/** The fold's: every (organization, recipient) pair of `keys`. */
const CHANGED = changedAmong(sql`(r.organization_id, r.id) in (select organization_id, recipient_id from keys)`);

/**
 * The readers': the organization's recipients of `keys`, looked up by id in an array, which the planner
 * takes for a handful of rows. A read then walks the primary keys of just the noted recipients (none
 * when nothing is noted) whatever the change log's statistics say; a join planned from a stale
 * estimate of many notes scanned every recipient, message and entry of the database on each read.
 */
const changedIn = (organizationId: string): SQL =>
  changedAmong(sql`r.organization_id = ${organizationId}::uuid and r.id = any(array(select recipient_id from keys))`);

/** Per broadcast of the CTE `changed`, how much its figures moved. */
const MOVED = sql`
  select organization_id, broadcast_id, ${raw(FIGURES.map((f) => `${summed(`${f} - was_${f}`, f)} as ${f}`).join(', '))}
  from changed group by organization_id, broadcast_id`;

/** How the failure counts of the CTE `changed` moved: +1 for each reason now, -1 for each counted before. */
const FAILURES_MOVED = sql`
  select organization_id, broadcast_id, error_code, error_message, 1 as n from changed where failed = 1
  union all
  select organization_id, broadcast_id, was_error_code, was_error_message, -1 from changed where was_failed = 1`;

/** How each button's presses (+n) and pressers (+1) moved for the CTE `changed`: what each recipient adds now, less what it added. */
const BUTTONS_MOVED = sql`
  select organization_id, broadcast_id, p.key as button_text, p.value::int as clicks, 1 as clickers
  from changed, jsonb_each_text(presses) p
  union all
  select organization_id, broadcast_id, p.key, -(p.value::int), -1
  from changed, jsonb_each_text(was_presses) p`;

/** The entries' columns, and their update from `excluded`. */
const ENTRY_COLUMNS = raw(`recipient_id, organization_id, broadcast_id, ${FIGURES.join(', ')}, error_code, error_message, presses`);
const ENTRY_UPDATE = raw(`${FIGURES.map((f) => `${f} = excluded.${f}`).join(', ')}, error_code = excluded.error_code, `
  + 'error_message = excluded.error_message, presses = excluded.presses');

// ── Upkeep ──────────────────────────────────────────────────────────────────────────────────────────

/**
 * A broadcast's recipients were queued: its summary counts them (pending), created when it has none,
 * exact by construction (so reconciled now: the periodic recount comes once it has changed).
 */
export async function addQueued(db: Queryable, organizationId: string, broadcastId: string, queued: number): Promise<void> {
  await db
    .insert(broadcastSummaries)
    .values({ organizationId, broadcastId, total: queued, pending: queued, reconciledAt: sql`now()` })
    .onConflictDoUpdate({
      target: [broadcastSummaries.organizationId, broadcastSummaries.broadcastId],
      set: {
        total: sql`${broadcastSummaries.total} + excluded.total`,
        pending: sql`${broadcastSummaries.pending} + excluded.pending`,
        changedAt: sql`now()`,
      },
    });
}

export interface NotedRecipient {
  organizationId: string;
  broadcastId: string;
  recipientId: string;
}

/** Notes recipients whose figures may have changed, in one insert. */
export async function noteRecipients(db: Queryable, recipients: readonly NotedRecipient[]): Promise<void> {
  if (recipients.length === 0) return;
  await db.execute(sql`
    insert into ${broadcastSummaryChanges} (organization_id, broadcast_id, recipient_id)
    select v."organizationId", v."broadcastId", v."recipientId"
    from jsonb_to_recordset(${JSON.stringify(recipients)}::jsonb) as v("organizationId" uuid, "broadcastId" uuid, "recipientId" uuid)`);
}

/** Notes the recipients of the broadcast messages among these wamids (their delivery status changed). */
export async function noteMessageRecipients(db: Queryable, organizationId: string, wamids: readonly string[]): Promise<void> {
  if (wamids.length === 0) return;
  await db.execute(sql`
    insert into ${broadcastSummaryChanges} (organization_id, broadcast_id, recipient_id)
    select r.organization_id, r.broadcast_id, r.id
    from ${messages} m
    join ${broadcastRecipients} r on r.organization_id = m.organization_id and r.broadcast_id = m.broadcast_id
      and r.contact_id = m.contact_id and r.message_id = m.id
    where m.organization_id = ${organizationId}::uuid and m.broadcast_id is not null
      and m.wamid in (select jsonb_array_elements_text(${JSON.stringify(wamids)}::jsonb))`);
}

/**
 * Notes the recipients these inbound messages may answer: the one of the latest broadcast message
 * before each in its conversation (a reply counts for it, and only for it).
 */
export async function noteAnsweredRecipients(db: Queryable, organizationId: string, messageIds: readonly string[]): Promise<void> {
  if (messageIds.length === 0) return;
  await db.execute(sql`
    insert into ${broadcastSummaryChanges} (organization_id, broadcast_id, recipient_id)
    select distinct r.organization_id, r.broadcast_id, r.id
    from ${messages} i
    cross join lateral (
      select b.id, b.broadcast_id, b.contact_id from ${messages} b
      where b.conversation_id = i.conversation_id and b.seq < i.seq and b.broadcast_id is not null
      order by b.seq desc limit 1
    ) b
    join ${broadcastRecipients} r on r.organization_id = i.organization_id and r.broadcast_id = b.broadcast_id
      and r.contact_id = b.contact_id and r.message_id = b.id
    where i.organization_id = ${organizationId}::uuid and i.direction = 'inbound'
      and i.id in (select (jsonb_array_elements_text(${JSON.stringify(messageIds)}::jsonb))::uuid)`);
}

/** Notes the recipient who pressed one of the broadcast's buttons. */
export async function noteClicker(db: Queryable, organizationId: string, broadcastId: string, contactId: string): Promise<void> {
  await db.execute(sql`
    insert into ${broadcastSummaryChanges} (organization_id, broadcast_id, recipient_id)
    select r.organization_id, r.broadcast_id, r.id from ${broadcastRecipients} r
    where r.organization_id = ${organizationId}::uuid and r.broadcast_id = ${broadcastId}::uuid and r.contact_id = ${contactId}::uuid`);
}

const UPKEEP_LOCK = sql`hashtextextended('broadcast-summary-upkeep', 0)`;

/** The lock one fold or reconcile at a time holds, in every process (transaction-scoped); false when another holds it. */
export async function tryLockUpkeep(db: Queryable): Promise<boolean> {
  const [row] = rowsOf<{ locked: boolean }>(await db.execute(sql`select pg_try_advisory_xact_lock(${UPKEEP_LOCK}) as locked`));
  return row?.locked === true;
}

/** Waits for the upkeep lock (see `tryLockUpkeep`), for the rest of the transaction. */
export async function lockUpkeep(db: Queryable): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(${UPKEEP_LOCK})`);
}

/**
 * Folds up to `limit` noted changes into their summaries, in ONE statement (one snapshot): each noted
 * recipient's figures are computed afresh, the difference from what was counted for it is added to
 * its summary and failure counts, and what it adds now is kept. Call holding `tryLockUpkeep`. Answers
 * how many notes it took.
 */
export async function foldNotedChanges(db: Queryable, limit: number): Promise<number> {
  const [row] = rowsOf<{ taken: number }>(
    await db.execute(sql`
      with taken as (
        delete from ${broadcastSummaryChanges}
        where id in (select id from ${broadcastSummaryChanges} order by id limit ${limit})
        returning organization_id, broadcast_id, recipient_id
      ), keys as (
        select distinct organization_id, broadcast_id, recipient_id from taken
      ), changed as (${CHANGED}), moved as (${MOVED}), summed as (
        -- A summary missing (never opened) is made here, unreconciled: the next reconcile counts it in full.
        insert into ${broadcastSummaries} as s (organization_id, broadcast_id, ${figureList()})
        select organization_id, broadcast_id, ${figureList()} from moved
        on conflict (organization_id, broadcast_id) do update set
          ${raw(FIGURES.map((f) => `${f} = s.${f} + excluded.${f}`).join(', '))}, changed_at = now()
        returning 1
      ), kept as (
        insert into ${broadcastSummaryEntries} (${ENTRY_COLUMNS})
        select ${ENTRY_COLUMNS} from changed
        on conflict (recipient_id) do update set ${ENTRY_UPDATE}
        returning 1
      ), buttons as (
        insert into ${broadcastButtonCounts} as b (organization_id, broadcast_id, button_text, clicks, clickers)
        select organization_id, broadcast_id, button_text, sum(clicks)::int, sum(clickers)::int
        from (${BUTTONS_MOVED}) m
        group by organization_id, broadcast_id, button_text
        having sum(clicks) <> 0 or sum(clickers) <> 0
        on conflict (organization_id, broadcast_id, button_text) do update set
          clicks = b.clicks + excluded.clicks, clickers = b.clickers + excluded.clickers
        returning 1
      ), failures as (
        insert into ${broadcastFailureCounts} (organization_id, broadcast_id, error_code, error_message, count)
        select organization_id, broadcast_id, error_code, error_message, sum(n)::int
        from (${FAILURES_MOVED}) f
        group by organization_id, broadcast_id, error_code, error_message
        having sum(n) <> 0
        on conflict on constraint broadcast_failure_counts_key do update set count = ${broadcastFailureCounts}.count + excluded.count
        returning 1
      )
      select count(*)::int as taken from taken`),
  );
  return Number(row?.taken ?? 0);
}

/**
 * Clears the change log's deleted notes out of its table and index (VACUUM; outside a transaction). Every
 * read looks up its broadcasts' notes by index, and until autovacuum comes by (a minute or more later) it
 * steps over each deleted one: after a 100,000-recipient broadcast, 300,000 of them, several
 * milliseconds on every read of that organization's broadcasts.
 */
export async function vacuumNotedChanges(db: Queryable): Promise<void> {
  await db.execute(sql`vacuum ${broadcastSummaryChanges}`);
}

// ── Reads ───────────────────────────────────────────────────────────────────────────────────────────

export type SummaryFigures = Record<Figure | 'total', number>;

/** The noted, not yet folded recipients of these broadcasts of the organization, as the CTE `keys`. */
function notedOf(organizationId: string, broadcastIds: readonly string[]): SQL {
  return sql`select distinct organization_id, broadcast_id, recipient_id from ${broadcastSummaryChanges}
    where organization_id = ${organizationId}::uuid and broadcast_id in (select (jsonb_array_elements_text(${JSON.stringify(broadcastIds)}::jsonb))::uuid)`;
}

/**
 * These broadcasts' figures: their summaries plus what their noted recipients moved since the last
 * fold, in one statement. A broadcast without recipients yet has no summary (missing from the map).
 */
export async function readSummaries(db: Queryable, organizationId: string, broadcastIds: readonly string[]): Promise<Map<string, SummaryFigures>> {
  if (broadcastIds.length === 0) return new Map();
  const rows = rowsOf<Record<string, number | string>>(
    await db.execute(sql`
      with keys as (${notedOf(organizationId, broadcastIds)}), changed as (${changedIn(organizationId)}), moved as (${MOVED})
      select s.broadcast_id, s.total, ${raw(FIGURES.map((f) => `s.${f} + coalesce(moved.${f}, 0) as ${f}`).join(', '))}
      from ${broadcastSummaries} s
      left join moved on moved.broadcast_id = s.broadcast_id
      where s.organization_id = ${organizationId}::uuid
        and s.broadcast_id in (select (jsonb_array_elements_text(${JSON.stringify(broadcastIds)}::jsonb))::uuid)`),
  );
  return new Map(rows.map((row) => {
    const figures = { total: Number(row.total) } as SummaryFigures;
    for (const figure of FIGURES) figures[figure] = Number(row[figure]);
    return [String(row.broadcast_id), figures];
  }));
}

/** A broadcast's failed recipients per code and reason (with what is noted and not folded yet), the most common first. */
export async function readFailureCounts(
  db: Queryable,
  organizationId: string,
  broadcastId: string,
): Promise<Array<{ errorCode: number | null; errorMessage: string | null; count: number }>> {
  const rows = rowsOf<{ error_code: number | null; error_message: string | null; n: number }>(
    await db.execute(sql`
      with keys as (${notedOf(organizationId, [broadcastId])}), changed as (${changedIn(organizationId)})
      select error_code, error_message, sum(n)::int as n from (
        select error_code, error_message, count as n from ${broadcastFailureCounts}
        where organization_id = ${organizationId}::uuid and broadcast_id = ${broadcastId}::uuid
        union all
        select error_code, error_message, n from (${FAILURES_MOVED}) f
      ) all_reasons
      group by error_code, error_message
      having sum(n) > 0
      order by n desc, error_code nulls last, error_message nulls last`),
  );
  return rows.map((row) => ({
    errorCode: row.error_code === null ? null : Number(row.error_code),
    errorMessage: row.error_message,
    count: Number(row.n),
  }));
}

/** A broadcast's presses and distinct pressers per button text (with what is noted and not folded yet). */
export async function readButtonCounts(
  db: Queryable,
  organizationId: string,
  broadcastId: string,
): Promise<Array<{ buttonText: string; clicks: number; contacts: number }>> {
  const rows = rowsOf<{ button_text: string; clicks: number; clickers: number }>(
    await db.execute(sql`
      with keys as (${notedOf(organizationId, [broadcastId])}), changed as (${changedIn(organizationId)})
      select button_text, sum(clicks)::int as clicks, sum(clickers)::int as clickers from (
        select button_text, clicks, clickers from ${broadcastButtonCounts}
        where organization_id = ${organizationId}::uuid and broadcast_id = ${broadcastId}::uuid
        union all
        select button_text, clicks, clickers from (${BUTTONS_MOVED}) m
      ) all_buttons
      group by button_text
      having sum(clicks) > 0
      order by button_text`),
  );
  return rows.map((row) => ({ buttonText: row.button_text, clicks: Number(row.clicks), contacts: Number(row.clickers) }));
}

// ── Reconcile ───────────────────────────────────────────────────────────────────────────────────────

/**
 * The summaries the periodic reconcile should recount next: never recounted, changed since their last
 * recount and recounted longer than `changedAfterSeconds` ago, or recounted longer than
 * `recheckAfterSeconds` ago; changed ones first.
 */
export async function summariesDue(
  db: Queryable,
  due: { limit: number; changedAfterSeconds: number; recheckAfterSeconds: number },
): Promise<Array<{ organizationId: string; broadcastId: string }>> {
  const rows = rowsOf<{ organization_id: string; broadcast_id: string }>(
    await db.execute(sql`
      select organization_id, broadcast_id from ${broadcastSummaries}
      where reconciled_at is null
        or (changed_at > reconciled_at and reconciled_at <= now() - make_interval(secs => ${due.changedAfterSeconds}::float8))
        or reconciled_at <= now() - make_interval(secs => ${due.recheckAfterSeconds}::float8)
      order by (changed_at > coalesce(reconciled_at, '-infinity')) desc, reconciled_at nulls first
      limit ${due.limit}`),
  );
  return rows.map((row) => ({ organizationId: row.organization_id, broadcastId: row.broadcast_id }));
}

/**
 * Recounts one broadcast's summary from all its recipients, in ONE statement (one snapshot): its notes
 * are dropped (the recount covers them), every recipient's entry is rewritten where it differs, and the
 * summary takes the recount. Call holding `tryLockUpkeep`, then `recountFailures`. Answers the summary
 * as it was and as recounted (null when the broadcast has no summary).
 */
export async function recountSummary(
  db: Queryable,
  organizationId: string,
  broadcastId: string,
): Promise<{ before: SummaryFigures; after: SummaryFigures } | null> {
  const ofBroadcast = sql`organization_id = ${organizationId}::uuid and broadcast_id = ${broadcastId}::uuid`;
  const [row] = rowsOf<Record<string, number | string>>(
    await db.execute(sql`
      with dropped as (
        delete from ${broadcastSummaryChanges} where ${ofBroadcast} returning 1
      ), now_ as (
        ${recipientFigures(sql`r.organization_id = ${organizationId}::uuid and r.broadcast_id = ${broadcastId}::uuid`)}
      ), kept as (
        insert into ${broadcastSummaryEntries} as e (${ENTRY_COLUMNS})
        select ${ENTRY_COLUMNS} from now_
        on conflict (recipient_id) do update set ${ENTRY_UPDATE}
        where (${figureList('e.')}, e.error_code, e.error_message, e.presses)
          is distinct from (${figureList('excluded.')}, excluded.error_code, excluded.error_message, excluded.presses)
        returning 1
      ), recount as (
        select count(*)::int as total, ${raw(FIGURES.map((f) => `coalesce(${summed(f, f)}, 0) as ${f}`).join(', '))} from now_
      ), before as (
        select * from ${broadcastSummaries} where ${ofBroadcast}
      ), fixed as (
        update ${broadcastSummaries} s set total = recount.total, ${raw(FIGURES.map((f) => `${f} = recount.${f}`).join(', '))},
          reconciled_at = now()
        from recount
        where s.organization_id = ${organizationId}::uuid and s.broadcast_id = ${broadcastId}::uuid
        returning 1
      )
      select ${raw(['total', ...FIGURES].map((f) => `before.${f} as before_${f}, recount.${f} as after_${f}`).join(', '))}
      from before, recount`),
  );
  if (!row) return null;
  const pick = (prefix: string) => {
    const figures = { total: Number(row[`${prefix}total`]) } as SummaryFigures;
    for (const figure of FIGURES) figures[figure] = Number(row[`${prefix}${figure}`]);
    return figures;
  };
  return { before: pick('before_'), after: pick('after_') };
}

/** Rewrites a broadcast's failure and button counts from its entries (after `recountSummary`, in its transaction). */
export async function recountBreakdowns(db: Queryable, organizationId: string, broadcastId: string): Promise<void> {
  for (const table of [broadcastFailureCounts, broadcastButtonCounts]) {
    await db.delete(table).where(and(eq(table.organizationId, organizationId), eq(table.broadcastId, broadcastId)));
  }
  const ofBroadcast = sql`organization_id = ${organizationId}::uuid and broadcast_id = ${broadcastId}::uuid`;
  await db.execute(sql`
    insert into ${broadcastFailureCounts} (organization_id, broadcast_id, error_code, error_message, count)
    select organization_id, broadcast_id, error_code, error_message, count(*)::int from ${broadcastSummaryEntries}
    where ${ofBroadcast} and failed = 1
    group by organization_id, broadcast_id, error_code, error_message`);
  await db.execute(sql`
    insert into ${broadcastButtonCounts} (organization_id, broadcast_id, button_text, clicks, clickers)
    select organization_id, broadcast_id, p.key, sum(p.value::int)::int, count(*)::int
    from ${broadcastSummaryEntries}, jsonb_each_text(presses) p
    where ${ofBroadcast}
    group by organization_id, broadcast_id, p.key`);
}

/**
 * Forgets a deleted broadcast's entries, failure and button counts and notes (its summary goes with its row). No
 * foreign key ties them to the broadcast, so the fold never waits for a broadcast row someone holds;
 * call holding `lockUpkeep`, so no fold writes them meanwhile.
 */
export async function deleteSummaryOf(db: Queryable, organizationId: string, broadcastId: string): Promise<void> {
  for (const table of [broadcastSummaryEntries, broadcastFailureCounts, broadcastButtonCounts, broadcastSummaryChanges]) {
    await db.delete(table).where(and(eq(table.organizationId, organizationId), eq(table.broadcastId, broadcastId)));
  }
}
