import { and, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { BroadcastStatus } from '@shared/api/broadcasts';
import type { Queryable } from '../../db/database';
import { broadcastRecipients, broadcasts, users } from '../../db/schema';

/*
 * Shared by two areas: the broadcasts API (create, list, read, cancel) and the dispatcher (claim, settle,
 * status transitions). Each keeps its functions in its own section below.
 */

// ── API ──────────────────────────────────────────────────────────────────────────────────────────────

export type BroadcastRow = typeof broadcasts.$inferSelect;
export type NewBroadcast = typeof broadcasts.$inferInsert;

/** A broadcast and the name of the member who created it (null once they are gone). */
export interface BroadcastWithAuthor {
  row: BroadcastRow;
  createdByName: string | null;
}

/** Inserts a broadcast; null when the organization already has one with this Idempotency-Key. */
export async function insertBroadcast(db: Queryable, values: NewBroadcast): Promise<string | null> {
  const [inserted] = await db.insert(broadcasts).values(values).onConflictDoNothing().returning({ id: broadcasts.id });
  return inserted?.id ?? null;
}

/** The broadcast an Idempotency-Key created in the organization, with the hash of its request. */
export async function findBroadcastByIdempotencyKey(
  db: Queryable,
  organizationId: string,
  key: string,
): Promise<{ id: string; requestHash: string | null; totalCount: number } | null> {
  const [row] = await db
    .select({ id: broadcasts.id, requestHash: broadcasts.requestHash, totalCount: broadcasts.totalCount })
    .from(broadcasts)
    .where(and(eq(broadcasts.organizationId, organizationId), eq(broadcasts.idempotencyKey, key)));
  return row ?? null;
}

export async function setBroadcastTotal(db: Queryable, organizationId: string, broadcastId: string, totalCount: number): Promise<void> {
  await db.update(broadcasts).set({ totalCount }).where(and(eq(broadcasts.organizationId, organizationId), eq(broadcasts.id, broadcastId)));
}

const withAuthor = { row: broadcasts, createdByName: users.name };

/** One broadcast of the organization with its author, or null: a foreign id and a missing one look the same. */
export async function findBroadcastWithAuthor(db: Queryable, organizationId: string, broadcastId: string): Promise<BroadcastWithAuthor | null> {
  const [found] = await db
    .select(withAuthor)
    .from(broadcasts)
    .leftJoin(users, eq(users.id, broadcasts.createdByUserId))
    .where(and(eq(broadcasts.organizationId, organizationId), eq(broadcasts.id, broadcastId)));
  return found ?? null;
}

/** A page of the organization's broadcasts, newest first (the org/created_at index), optionally of one status, and how many there are. */
export async function findBroadcastPage(
  db: Queryable,
  organizationId: string,
  page: { status?: BroadcastStatus; limit: number; offset: number },
): Promise<{ rows: BroadcastWithAuthor[]; total: number }> {
  const conditions: SQL[] = [eq(broadcasts.organizationId, organizationId)];
  if (page.status) conditions.push(eq(broadcasts.status, page.status));
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(withAuthor)
      .from(broadcasts)
      .leftJoin(users, eq(users.id, broadcasts.createdByUserId))
      .where(where)
      .orderBy(desc(broadcasts.createdAt), desc(broadcasts.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ total: count() }).from(broadcasts).where(where),
  ]);
  return { rows, total: Number(total) };
}

/** Locks the organization's broadcast row for the rest of the transaction; null when there is none. */
export async function lockBroadcast(db: Queryable, organizationId: string, broadcastId: string): Promise<BroadcastRow | null> {
  const [row] = await db
    .select()
    .from(broadcasts)
    .where(and(eq(broadcasts.organizationId, organizationId), eq(broadcasts.id, broadcastId)))
    .for('update');
  return row ?? null;
}

/** Deletes a broadcast (its recipients and rules go with it; its messages stay in their conversations). */
export async function deleteBroadcastRow(db: Queryable, organizationId: string, broadcastId: string): Promise<boolean> {
  const deleted = await db
    .delete(broadcasts)
    .where(and(eq(broadcasts.organizationId, organizationId), eq(broadcasts.id, broadcastId)))
    .returning({ id: broadcasts.id });
  return deleted.length > 0;
}

/**
 * Moves a broadcast in one of the `from` statuses back to `processing` (clearing its reason and
 * completion time); false when it was in none of them.
 */
export async function reopenBroadcast(
  db: Queryable,
  organizationId: string,
  broadcastId: string,
  from: readonly BroadcastStatus[],
): Promise<boolean> {
  const changed = await db
    .update(broadcasts)
    .set({ status: 'processing', statusReason: null, completedAt: null })
    .where(and(eq(broadcasts.organizationId, organizationId), eq(broadcasts.id, broadcastId), inArray(broadcasts.status, [...from])))
    .returning({ id: broadcasts.id });
  return changed.length > 0;
}

/** Changes the organization's broadcast if it is in one of `from` (any status when omitted); false otherwise. */
export async function updateBroadcastRow(
  db: Queryable,
  organizationId: string,
  broadcastId: string,
  values: Partial<NewBroadcast>,
  from?: readonly BroadcastStatus[],
): Promise<boolean> {
  const conditions: SQL[] = [eq(broadcasts.organizationId, organizationId), eq(broadcasts.id, broadcastId)];
  if (from) conditions.push(inArray(broadcasts.status, [...from]));
  const changed = await db.update(broadcasts).set({ ...values, updatedAt: sql`now()` }).where(and(...conditions)).returning({ id: broadcasts.id });
  return changed.length > 0;
}

/** A scheduled broadcast whose time has come, locked for this transaction; other processes skip it. */
export async function claimDueScheduledBroadcast(db: Queryable): Promise<BroadcastRow | null> {
  const [row] = await db
    .select()
    .from(broadcasts)
    .where(and(eq(broadcasts.status, 'scheduled'), sql`${broadcasts.scheduledAt} <= now()`))
    .orderBy(broadcasts.scheduledAt)
    .limit(1)
    .for('update', { skipLocked: true });
  return row ?? null;
}

// ── Dispatch ─────────────────────────────────────────────────────────────────────────────────────────

/** The broadcast statuses whose queued recipients are sent (a paused broadcast waits for Resume). */
export const SENDING_STATUSES = ['pending', 'processing'] as const satisfies readonly BroadcastStatus[];

/** The organizations with a broadcast to send (few rows: a broadcast is one row however many recipients). */
export async function organizationsSending(db: Queryable): Promise<string[]> {
  const rows = await db
    .selectDistinct({ organizationId: broadcasts.organizationId })
    .from(broadcasts)
    .where(inArray(broadcasts.status, [...SENDING_STATUSES]));
  return rows.map((row) => row.organizationId);
}

/** What every recipient of a broadcast is sent: the template snapshot and the parameters. */
export interface BroadcastSend {
  id: string;
  templateName: string;
  templateLanguage: string;
  templateComponents: unknown;
  parameters: unknown;
}

export async function findBroadcastSends(db: Queryable, organizationId: string, broadcastIds: string[]): Promise<BroadcastSend[]> {
  if (broadcastIds.length === 0) return [];
  return db
    .select({
      id: broadcasts.id,
      templateName: broadcasts.templateName,
      templateLanguage: broadcasts.templateLanguage,
      templateComponents: broadcasts.templateComponents,
      parameters: broadcasts.parameters,
    })
    .from(broadcasts)
    .where(and(eq(broadcasts.organizationId, organizationId), inArray(broadcasts.id, broadcastIds)));
}

/** The dispatcher's first claim of a broadcast's recipients: `pending` becomes `processing`. */
export async function markBroadcastsProcessing(db: Queryable, organizationId: string, broadcastIds: string[]): Promise<void> {
  if (broadcastIds.length === 0) return;
  await db
    .update(broadcasts)
    .set({ status: 'processing', updatedAt: sql`now()` })
    .where(and(eq(broadcasts.organizationId, organizationId), inArray(broadcasts.id, broadcastIds), eq(broadcasts.status, 'pending')));
}

/** Pauses a sending broadcast with the reason shown to the user (Meta paused the template, the token expired); false when it was not sending. */
export async function pauseBroadcast(db: Queryable, organizationId: string, broadcastId: string, reason: string): Promise<boolean> {
  const paused = await db
    .update(broadcasts)
    .set({ status: 'paused', statusReason: reason, updatedAt: sql`now()` })
    .where(and(eq(broadcasts.organizationId, organizationId), eq(broadcasts.id, broadcastId), inArray(broadcasts.status, [...SENDING_STATUSES])))
    .returning({ id: broadcasts.id });
  return paused.length > 0;
}

/** No recipient of the broadcast (`broadcasts` row of the statement) is left `pending` or `sending`. */
const NOTHING_LEFT_TO_SEND = sql`not exists (
  select 1 from ${broadcastRecipients} r
  where r.organization_id = ${broadcasts.organizationId} and r.broadcast_id = ${broadcasts.id} and r.state in ('pending', 'sending')
)`;

/**
 * Locks, in id order, the sending broadcasts (these, or every one when `broadcastIds` is null) that
 * look settled: nothing left `pending` or `sending`. Answers their ids, for `completeSettledBroadcasts`
 * in the same transaction.
 */
export async function lockSettledBroadcasts(db: Queryable, broadcastIds: string[] | null): Promise<string[]> {
  if (broadcastIds !== null && broadcastIds.length === 0) return [];
  const among = broadcastIds === null ? sql`true` : inArray(broadcasts.id, broadcastIds);
  const rows = await db
    .select({ id: broadcasts.id })
    .from(broadcasts)
    .where(and(among, inArray(broadcasts.status, [...SENDING_STATUSES]), NOTHING_LEFT_TO_SEND))
    .orderBy(broadcasts.id)
    .for('update');
  return rows.map((row) => row.id);
}

/**
 * Completes these sending broadcasts if they have no recipient left `pending` or `sending`:
 * `completed`, or `failed` when not one recipient was sent (an `ambiguous` one may have been, so it
 * counts as sent here). Answers the broadcasts it completed.
 */
export async function completeSettledBroadcasts(
  db: Queryable,
  broadcastIds: string[],
): Promise<Array<{ id: string; status: BroadcastStatus }>> {
  if (broadcastIds.length === 0) return [];
  return db
    .update(broadcasts)
    .set({
      status: sql`case when exists (
        select 1 from ${broadcastRecipients} r
        where r.organization_id = ${broadcasts.organizationId} and r.broadcast_id = ${broadcasts.id} and r.state in ('sent', 'ambiguous')
      ) then 'completed' else 'failed' end`,
      completedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(inArray(broadcasts.id, broadcastIds), inArray(broadcasts.status, [...SENDING_STATUSES]), NOTHING_LEFT_TO_SEND))
    .returning({ id: broadcasts.id, status: broadcasts.status });
}

export type { Queryable };

/** A broadcast's media header as given at creation, and its file's id at Meta once uploaded. */
export async function findBroadcastHeader(db: Queryable, organizationId: string, broadcastId: string) {
  const [row] = await db
    .select({
      templateComponents: broadcasts.templateComponents,
      headerMediaId: broadcasts.headerMediaId,
      headerLink: broadcasts.headerLink,
      headerMetaMediaId: broadcasts.headerMetaMediaId,
      headerMetaUploadedAt: broadcasts.headerMetaUploadedAt,
    })
    .from(broadcasts)
    .where(and(eq(broadcasts.organizationId, organizationId), eq(broadcasts.id, broadcastId)));
  return row ?? null;
}

/** Remembers the Meta media id the broadcast's header file got, so later batches (and a restarted process) reuse it. */
export async function recordHeaderUpload(db: Queryable, organizationId: string, broadcastId: string, metaMediaId: string): Promise<void> {
  await db
    .update(broadcasts)
    .set({ headerMetaMediaId: metaMediaId, headerMetaUploadedAt: sql`now()` })
    .where(and(eq(broadcasts.organizationId, organizationId), eq(broadcasts.id, broadcastId)));
}
