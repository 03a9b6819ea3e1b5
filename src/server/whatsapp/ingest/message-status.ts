import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/database';
import { messages, pendingStatuses } from '../../db/schema';
import type { DeliveryStatus, StatusUpdate } from './webhook-payload';

/**
 * Delivery statuses merge by rank, so any order and any number of repeats give the same final state
 * (SECURITY.md WH-05): sending < sent < failed < delivered < read. `failed` beats `sent` but not
 * `delivered`/`read` (a multi-device recipient can report both). Timestamps keep the earliest report
 * and error details the first failure, which are order-independent too. Because the merge is a
 * max/min, a batch is folded per message in memory first and applied in one statement.
 */
const RANK: Record<DeliveryStatus | 'sending', number> = { sending: 0, sent: 1, failed: 2, delivered: 3, read: 4 };
const storedRank = sql`(case m.status when 'sent' then 1 when 'failed' then 2 when 'delivered' then 3 when 'read' then 4 else 0 end)`;

/** Pending statuses for a message Parley never stored (sent from elsewhere) are forgotten after this. */
export const PENDING_STATUS_TTL_MS = 7 * 24 * 3_600_000;

interface FoldedStatus {
  wamid: string;
  status: DeliveryStatus;
  deliveredAt: Date | null;
  readAt: Date | null;
  errorCode: number | null;
  errorMessage: string | null;
}

/**
 * Applies a batch of status webhooks for one organization. Statuses for a wamid not stored yet (Meta
 * can report `sent` before the send call returned) are parked in pending_statuses and applied by
 * `attachWamid` (WH-07). Per-wamid advisory locks make "is the message there? else park it" atomic
 * against `attachWamid`; they are taken in sorted order, so two batches cannot deadlock.
 */
export async function applyStatuses(db: Database, organizationId: string, updates: StatusUpdate[]): Promise<void> {
  if (updates.length === 0) return;
  const folded = fold(updates);
  await db.transaction(async (tx) => {
    await lockWamids(tx, organizationId, folded.map((f) => f.wamid));
    const applied = await mergeInto(tx, organizationId, folded);
    const unknown = updates.filter((update) => !applied.has(update.wamid));
    if (unknown.length === 0) return;
    await tx
      .insert(pendingStatuses)
      .values(
        unknown.map((update) => ({
          organizationId,
          wamid: update.wamid,
          status: update.status,
          occurredAt: update.occurredAt,
          errorCode: update.errorCode,
          errorMessage: update.errorMessage,
        })),
      )
      .onConflictDoNothing();
  });
}

/**
 * Records the wamid Meta gave an outbound message (the send call's answer) and applies any statuses
 * that arrived first. The inbox and the broadcast dispatcher call this right after a send succeeds.
 * The message becomes at least `sent`.
 */
export async function attachWamid(db: Database, organizationId: string, messageId: string, wamid: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockWamids(tx, organizationId, [wamid]);
    await tx
      .update(messages)
      .set({ wamid, status: sql`case when ${messages.status} = 'sending' then 'sent' else ${messages.status} end` })
      .where(and(eq(messages.organizationId, organizationId), eq(messages.id, messageId)));
    const parked = await tx
      .delete(pendingStatuses)
      .where(and(eq(pendingStatuses.organizationId, organizationId), eq(pendingStatuses.wamid, wamid)))
      .returning();
    if (parked.length === 0) return;
    await mergeInto(
      tx,
      organizationId,
      fold(parked.map((p) => ({
        wamid,
        status: p.status as DeliveryStatus,
        occurredAt: p.occurredAt,
        errorCode: p.errorCode ?? undefined,
        errorMessage: p.errorMessage ?? undefined,
      }))),
    );
  });
}

/** Forgets parked statuses older than the TTL; answers how many. */
export async function expirePendingStatuses(db: Queryable, now = Date.now()): Promise<number> {
  const removed = await db
    .delete(pendingStatuses)
    .where(lt(pendingStatuses.receivedAt, new Date(now - PENDING_STATUS_TTL_MS)))
    .returning({ id: pendingStatuses.id });
  return removed.length;
}

/** One entry per wamid: the highest status, the earliest delivery and read times, the first failure. */
function fold(updates: StatusUpdate[]): FoldedStatus[] {
  const byWamid = new Map<string, FoldedStatus>();
  const earliest = (a: Date | null, b: Date) => (a && a <= b ? a : b);
  for (const update of updates) {
    const current = byWamid.get(update.wamid) ?? {
      wamid: update.wamid, status: update.status, deliveredAt: null, readAt: null, errorCode: null, errorMessage: null,
    };
    if (RANK[update.status] > RANK[current.status]) current.status = update.status;
    if (update.status === 'delivered' || update.status === 'read') current.deliveredAt = earliest(current.deliveredAt, update.occurredAt);
    if (update.status === 'read') current.readAt = earliest(current.readAt, update.occurredAt);
    if (update.status === 'failed' && current.errorMessage === null) {
      current.errorCode = update.errorCode ?? null;
      current.errorMessage = update.errorMessage ?? 'Message failed';
    }
    byWamid.set(update.wamid, current);
  }
  return [...byWamid.values()];
}

/** Merges folded statuses into the stored messages in one statement; answers the wamids that exist. */
async function mergeInto(db: Queryable, organizationId: string, folded: FoldedStatus[]): Promise<Set<string>> {
  // The batch travels as one JSON parameter: building a statement with thousands of parameters costs more than applying it.
  const rows = JSON.stringify(folded.map((f) => ({ ...f, rank: RANK[f.status] })));
  const result = (await db.execute(sql`
    update messages as m set
      status = case when ${storedRank} < v.rank then v.status else m.status end,
      delivered_at = least(m.delivered_at, v."deliveredAt"),
      read_at = least(m.read_at, v."readAt"),
      error_code = coalesce(m.error_code, v."errorCode"),
      error_message = coalesce(m.error_message, v."errorMessage")
    from jsonb_to_recordset(${rows}::jsonb)
      as v(wamid text, status text, rank int, "deliveredAt" timestamptz, "readAt" timestamptz, "errorCode" int, "errorMessage" text)
    where m.organization_id = ${organizationId}::uuid and m.wamid = v.wamid
    returning m.wamid`)) as unknown as { rows: Array<{ wamid: string }> };
  return new Set(result.rows.map((row) => row.wamid));
}

async function lockWamids(db: Queryable, organizationId: string, wamids: string[]): Promise<void> {
  const keys = JSON.stringify([...new Set(wamids)].map((wamid) => `${organizationId}|${wamid}`));
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from jsonb_array_elements_text(${keys}::jsonb) as t(k) order by k`);
}
