import { and, count, eq, gt, lt, max, ne, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../../db/database';
import { rowsOf } from '../../../db/rows-of';
import { conversations, messages } from '../../../db/schema';
import { advanceCounters } from '../conversations-repository';

/** The messages table: its row types, the lookups, one message's insert and the changes every part shares. */

export type MessageRow = typeof messages.$inferSelect;
/** A new message: its first change is its insert, so `change_seq` starts as its `seq`. */
export type NewMessage = Omit<typeof messages.$inferInsert, 'changeSeq'>;

export const withChangeSeq = (row: NewMessage) => ({ ...row, changeSeq: row.seq });

/** `wamid = any(…)`: a webhook batch's hundreds of wamids travel as one array parameter, not one parameter each. */
export const anyWamid = (wamids: readonly string[]) => sql`${messages.wamid} = any(${sql.param([...wamids])}::text[])`;

/** The wamids of the batch that are stored already. */
export async function findStoredWamids(db: Queryable, organizationId: string, wamids: string[]): Promise<Set<string>> {
  if (wamids.length === 0) return new Set();
  const rows = await db
    .select({ wamid: messages.wamid })
    .from(messages)
    .where(and(eq(messages.organizationId, organizationId), anyWamid(wamids)));
  return new Set(rows.flatMap((row) => (row.wamid ? [row.wamid] : [])));
}

export async function findMessageByWamid(db: Queryable, organizationId: string, wamid: string): Promise<MessageRow | undefined> {
  const [row] = await db.select().from(messages).where(and(eq(messages.organizationId, organizationId), eq(messages.wamid, wamid)));
  return row;
}

/** The conversation's message carrying this client id (a send the browser may be repeating). */
export async function findMessageByClientId(
  db: Queryable,
  organizationId: string,
  conversationId: string,
  clientId: string,
): Promise<MessageRow | undefined> {
  const [row] = await db
    .select()
    .from(messages)
    .where(and(eq(messages.organizationId, organizationId), eq(messages.conversationId, conversationId), eq(messages.clientId, clientId)));
  return row;
}

/** The conversations the organization's messages with these wamids belong to. */
export async function conversationsOfWamids(db: Queryable, organizationId: string, wamids: string[]): Promise<string[]> {
  if (wamids.length === 0) return [];
  const rows = await db
    .selectDistinct({ conversationId: messages.conversationId })
    .from(messages)
    .where(and(eq(messages.organizationId, organizationId), anyWamid(wamids)));
  return rows.map((row) => row.conversationId);
}

/** The sort key of the conversation's message with this seq, or null when there is none. */
export async function sortKeyOfSeq(db: Queryable, organizationId: string, conversationId: string, seq: bigint): Promise<bigint | null> {
  const [row] = await db
    .select({ sortKey: sql<string>`${messages.sortKey}::text` })
    .from(messages)
    .where(and(eq(messages.organizationId, organizationId), eq(messages.conversationId, conversationId), eq(messages.seq, sql`${String(seq)}::bigint`)));
  return row ? BigInt(row.sortKey) : null;
}

/** Inserts one message; a unique key refusing it is an error. */
export async function insertMessage(db: Queryable, row: NewMessage): Promise<void> {
  await db.insert(messages).values(withChangeSeq(row));
}

/**
 * Applies `set` (SQL assignments to the messages' columns) to the organization's messages matching
 * `where`, and gives each the next value of its conversation's counter, in one statement. Answers the
 * ids it changed.
 */
export async function changeMessages(db: Queryable, organizationId: string, where: SQL, set: SQL): Promise<string[]> {
  return rowsOf<{ id: string }>(
    await db.execute(sql`
      with changed as (
        select id, conversation_id, row_number() over (partition by conversation_id order by seq) as k
        from ${messages} where ${messages.organizationId} = ${organizationId}::uuid and ${where}
      ), counted as (
        select conversation_id, count(*)::int as n from changed group by conversation_id
      ), bumped as (${advanceCounters(organizationId, 'counted')})
      update ${messages} set ${set}, change_seq = bumped.base + changed.k
      from changed join bumped on bumped.id = changed.conversation_id
      where ${messages.id} = changed.id
      returning ${messages.id}`),
  ).map((row) => row.id);
}

export async function setMessageMedia(db: Queryable, organizationId: string, messageId: string, mediaId: string): Promise<void> {
  await db.update(messages).set({ mediaId }).where(and(eq(messages.organizationId, organizationId), eq(messages.id, messageId)));
}

/** The conversation a message belongs to (to lock before changing the message), or null. */
export async function conversationOfMessage(db: Queryable, organizationId: string, messageId: string): Promise<string | null> {
  const [row] = await db
    .select({ conversationId: messages.conversationId })
    .from(messages)
    .where(and(eq(messages.organizationId, organizationId), eq(messages.id, messageId)));
  return row?.conversationId ?? null;
}

/** The conversations of the messages showing this media file. */
export async function conversationsShowingMedia(db: Queryable, organizationId: string, mediaId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ conversationId: messages.conversationId })
    .from(messages)
    .where(and(eq(messages.organizationId, organizationId), eq(messages.mediaId, mediaId)));
  return rows.map((row) => row.conversationId);
}

/**
 * Whether a message of a conversation matching `visible` (a condition on `conversations`) shows this
 * media file: who may see a file is who may see a conversation showing it.
 */
export async function isMediaShownIn(db: Queryable, organizationId: string, mediaId: string, visible: SQL): Promise<boolean> {
  const rows = await db
    .select({ shown: sql<number>`1` })
    .from(messages)
    .innerJoin(conversations, and(eq(conversations.organizationId, messages.organizationId), eq(conversations.id, messages.conversationId)))
    .where(and(eq(messages.organizationId, organizationId), eq(messages.mediaId, mediaId), visible))
    .limit(1);
  return rows.length > 0;
}

/** The messages showing this media file show none any more (the file was deleted). */
export async function clearMessageMedia(db: Queryable, organizationId: string, mediaId: string): Promise<void> {
  await changeMessages(db, organizationId, eq(messages.mediaId, mediaId), sql`media_id = null`);
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

/** Marks the customer's messages before `seq` read (the conversation must be locked by the caller). */
export async function markInboundReadBefore(db: Queryable, organizationId: string, conversationId: string, seq: number, readAt: Date): Promise<void> {
  await changeMessages(
    db,
    organizationId,
    and(inboundOf(organizationId, conversationId), lt(messages.seq, seq), ne(messages.status, 'read')) as SQL,
    sql`status = 'read', read_at = ${readAt.toISOString()}::timestamptz`,
  );
}

/** How many customer messages came after `seq`. */
export async function countInboundAfter(db: Queryable, organizationId: string, conversationId: string, seq: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(messages).where(and(inboundOf(organizationId, conversationId), gt(messages.seq, seq)));
  return Number(n);
}
