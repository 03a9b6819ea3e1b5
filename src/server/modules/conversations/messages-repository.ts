import { and, eq, gt, inArray, lt, max, count, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { messages } from '../../db/schema';
import { DELIVERY_RANK, rankOfColumn, type MessageStatus } from './delivery-status';

/** The messages table's one writer and reader (Drizzle only). */

export type MessageRow = typeof messages.$inferSelect;
export type NewMessage = typeof messages.$inferInsert;

/** The wamids of the batch that are stored already. */
export async function findStoredWamids(db: Queryable, organizationId: string, wamids: string[]): Promise<Set<string>> {
  if (wamids.length === 0) return new Set();
  const rows = await db
    .select({ wamid: messages.wamid })
    .from(messages)
    .where(and(eq(messages.organizationId, organizationId), inArray(messages.wamid, wamids)));
  return new Set(rows.flatMap((row) => (row.wamid ? [row.wamid] : [])));
}

export async function findMessageByWamid(db: Queryable, organizationId: string, wamid: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(and(eq(messages.organizationId, organizationId), eq(messages.wamid, wamid)));
  return row;
}

/** Inserts the messages a unique key (wamid, seq, client id) does not refuse; answers how many it inserted. */
export async function insertNewMessages(db: Queryable, rows: NewMessage[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = await db.insert(messages).values(rows).onConflictDoNothing().returning({ id: messages.id });
  return inserted.length;
}

/** Inserts one message; a unique key refusing it is an error. */
export async function insertMessage(db: Queryable, row: NewMessage): Promise<void> {
  await db.insert(messages).values(row);
}

export async function setMessageMedia(db: Queryable, organizationId: string, messageId: string, mediaId: string): Promise<void> {
  await db.update(messages).set({ mediaId }).where(and(eq(messages.organizationId, organizationId), eq(messages.id, messageId)));
}

/** Records the wamid Meta gave an outbound message; a message still `sending` becomes `sent`. */
export async function setMessageWamid(db: Queryable, organizationId: string, messageId: string, wamid: string): Promise<void> {
  await db
    .update(messages)
    .set({ wamid, status: sql`case when ${messages.status} = 'sending' then 'sent' else ${messages.status} end` })
    .where(and(eq(messages.organizationId, organizationId), eq(messages.id, messageId)));
}

/** One message's statuses, already folded: the status to reach, the earliest times, the first failure. */
export interface StatusMerge {
  wamid: string;
  status: MessageStatus;
  deliveredAt: Date | null;
  readAt: Date | null;
  errorCode: number | null;
  errorMessage: string | null;
}

/**
 * Merges folded statuses into the stored messages in one statement: a status only ever moves up in
 * rank, times keep the earliest report and errors the first. Answers the wamids that exist.
 */
export async function mergeStatuses(db: Queryable, organizationId: string, folded: StatusMerge[]): Promise<Set<string>> {
  // The batch travels as one JSON parameter: building a statement with thousands of parameters costs more than applying it.
  const rows = JSON.stringify(folded.map((f) => ({ ...f, rank: DELIVERY_RANK[f.status] })));
  const result = (await db.execute(sql`
    update messages as m set
      status = case when ${rankOfColumn('m.status')} < v.rank then v.status else m.status end,
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

/**
 * Transaction-scoped advisory locks on the organization's wamids, taken in sorted order so two
 * transactions locking overlapping sets cannot deadlock.
 */
export async function lockWamids(db: Queryable, organizationId: string, wamids: string[]): Promise<void> {
  const keys = JSON.stringify([...new Set(wamids)].map((wamid) => `${organizationId}|${wamid}`));
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from jsonb_array_elements_text(${keys}::jsonb) as t(k) order by k`);
}

const inboundOf = (organizationId: string, conversationId: string) =>
  and(eq(messages.organizationId, organizationId), eq(messages.conversationId, conversationId), eq(messages.direction, 'inbound'));

/** The seq of the conversation's latest outbound message; 0 without one. */
export async function lastOutboundSeq(db: Queryable, organizationId: string, conversationId: string): Promise<number> {
  const [{ seq }] = await db
    .select({ seq: max(messages.seq) })
    .from(messages)
    .where(and(eq(messages.organizationId, organizationId), eq(messages.conversationId, conversationId), eq(messages.direction, 'outbound')));
  return Number(seq ?? 0);
}

/** Marks the customer's messages before `seq` read. */
export async function markInboundReadBefore(db: Queryable, organizationId: string, conversationId: string, seq: number, readAt: Date): Promise<void> {
  await db.update(messages).set({ status: 'read', readAt }).where(and(inboundOf(organizationId, conversationId), lt(messages.seq, seq)));
}

/** How many customer messages came after `seq`. */
export async function countInboundAfter(db: Queryable, organizationId: string, conversationId: string, seq: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(messages).where(and(inboundOf(organizationId, conversationId), gt(messages.seq, seq)));
  return Number(n);
}
