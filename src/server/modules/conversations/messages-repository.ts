import { and, count, eq, gt, inArray, lt, max, ne, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { rowsOf } from '../../db/rows-of';
import { messages } from '../../db/schema';
import { advanceCounters, advanceForOutboundCounts } from './conversations-repository';
import type { MessageStatus } from '@shared/api/conversations';
import { DELIVERY_RANK, rankOfColumn } from './delivery-status';

/**
 * The messages table's one writer and reader (Drizzle only).
 *
 * Every write here that changes a stored message gives it, in the same statement, the next value of its
 * conversation's counter (`change_seq`), which is what the inbox's poll reads. The caller locks the
 * conversations first (conversations-repository `lockConversations`, in its own statement), so the
 * statement reads the messages as the last writer left them, the values grow in commit order, and
 * writers lock conversations before messages (no deadlock between them).
 */

export type MessageRow = typeof messages.$inferSelect;
/** A new message: its first change is its insert, so `change_seq` starts as its `seq`. */
export type NewMessage = Omit<typeof messages.$inferInsert, 'changeSeq'>;

const withChangeSeq = (row: NewMessage) => ({ ...row, changeSeq: row.seq });

/** `wamid = any(…)`: a webhook batch's hundreds of wamids travel as one array parameter, not one parameter each. */
const anyWamid = (wamids: readonly string[]) => sql`${messages.wamid} = any(${sql.param([...wamids])}::text[])`;

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

/** A customer's message as it arrives by webhook: `delivered`, its first change its insert. */
export interface NewInboundMessage {
  id: string;
  organizationId: string;
  conversationId: string;
  contactId: string;
  seq: number;
  wamid: string;
  messageType: MessageRow['messageType'];
  content: string;
  mediaId: string | null;
  payload: unknown;
  sentAt: Date;
}

/**
 * Inserts customers' messages in one statement, the batch as one JSON parameter (a webhook batch's
 * hundreds of rows would otherwise be thousands of parameters); a message a unique key (wamid, seq)
 * refuses is skipped. The conversations must be locked by the caller. Answers how many it inserted.
 */
export async function insertInboundMessages(db: Queryable, rows: NewInboundMessage[]): Promise<number> {
  if (rows.length === 0) return 0;
  const inserted = rowsOf<{ id: string }>(
    await db.execute(sql`
      insert into ${messages} (id, organization_id, conversation_id, contact_id, seq, change_seq, wamid, direction, message_type,
        content, status, media_id, payload, sent_at, delivered_at)
      select v.id, v."organizationId", v."conversationId", v."contactId", v.seq, v.seq, v.wamid, 'inbound', v."messageType",
        v.content, 'delivered', v."mediaId", v.payload, v."sentAt", v."sentAt"
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id uuid, "organizationId" uuid, "conversationId" uuid,
        "contactId" uuid, seq bigint, wamid text, "messageType" text, content text, "mediaId" uuid, payload jsonb, "sentAt" timestamptz)
      on conflict do nothing
      returning id`),
  );
  return inserted.length;
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
async function changeMessages(db: Queryable, organizationId: string, where: SQL, set: SQL): Promise<string[]> {
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

/** Records the wamid Meta gave an outbound message; a message still `sending` becomes `sent`. */
export async function setMessageWamid(db: Queryable, organizationId: string, messageId: string, wamid: string): Promise<void> {
  await changeMessages(
    db,
    organizationId,
    eq(messages.id, messageId),
    sql`wamid = ${wamid}, status = case when ${messages.status} = 'sending' then 'sent' else ${messages.status} end`,
  );
}

/** A send Meta refused: the message, still `sending`, becomes `failed` with Meta's code and reason. */
export async function markMessageFailed(
  db: Queryable,
  organizationId: string,
  messageId: string,
  error: { code: number | null; message: string },
): Promise<void> {
  await changeMessages(
    db,
    organizationId,
    and(eq(messages.id, messageId), eq(messages.status, 'sending')) as SQL,
    sql`status = 'failed', error_code = ${error.code}::int, error_message = ${error.message}`,
  );
}

/**
 * A failed message sent again (the Retry button repeats its client id): back to `sending`, its error
 * and old wamid cleared, so of two retries one sends. `mediaId` replaces its file (a media retry
 * uploads again). Answers whether this call took it.
 */
export async function resendFailedMessage(db: Queryable, organizationId: string, messageId: string, mediaId?: string): Promise<boolean> {
  const taken = await changeMessages(
    db,
    organizationId,
    and(eq(messages.id, messageId), eq(messages.status, 'failed')) as SQL,
    sql`status = 'sending', error_code = null, error_message = null, wamid = null${mediaId ? sql`, media_id = ${mediaId}::uuid` : sql``}`,
  );
  return taken.length > 0;
}

/** The conversations of the messages showing this media file. */
export async function conversationsShowingMedia(db: Queryable, organizationId: string, mediaId: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ conversationId: messages.conversationId })
    .from(messages)
    .where(and(eq(messages.organizationId, organizationId), eq(messages.mediaId, mediaId)));
  return rows.map((row) => row.conversationId);
}

/** The messages showing this media file show none any more (the file was deleted). */
export async function clearMessageMedia(db: Queryable, organizationId: string, mediaId: string): Promise<void> {
  await changeMessages(db, organizationId, eq(messages.mediaId, mediaId), sql`media_id = null`);
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
 * rank, times keep the earliest report and errors the first. Only a message whose shown state (status,
 * error) changes takes its conversation's next counter value, so a repeated or out-of-order report that
 * changes nothing the inbox shows never reaches the poll again. The conversations must be locked by the
 * caller. Answers the wamids that exist.
 */
export async function mergeStatuses(db: Queryable, organizationId: string, folded: StatusMerge[]): Promise<Set<string>> {
  // The batch travels as one JSON parameter: building a statement with thousands of parameters costs more than applying it.
  const rows = JSON.stringify(folded.map((f) => ({ ...f, rank: DELIVERY_RANK[f.status] })));
  const result = rowsOf<{ wamid: string }>(
    await db.execute(sql`
      with v as (
        select * from jsonb_to_recordset(${rows}::jsonb)
          as v(wamid text, status text, rank int, "deliveredAt" timestamptz, "readAt" timestamptz, "errorCode" int, "errorMessage" text)
      ), merged as (
        select m.id, m.conversation_id, m.seq, m.wamid, m.status as old_status, m.delivered_at as old_delivered_at,
          m.read_at as old_read_at, m.error_code as old_error_code, m.error_message as old_error_message,
          case when ${rankOfColumn('m.status')} < v.rank then v.status else m.status end as status,
          least(m.delivered_at, v."deliveredAt") as delivered_at,
          least(m.read_at, v."readAt") as read_at,
          coalesce(m.error_code, v."errorCode") as error_code,
          coalesce(m.error_message, v."errorMessage") as error_message
        from ${messages} m join v on m.wamid = v.wamid
        where m.organization_id = ${organizationId}::uuid
      ), changed as (
        select merged.*,
          (status, error_code, error_message) is distinct from (old_status, old_error_code, old_error_message) as shown
        from merged
        where (status, delivered_at, read_at, error_code, error_message)
          is distinct from (old_status, old_delivered_at, old_read_at, old_error_code, old_error_message)
      ), numbered as (
        select id, conversation_id, row_number() over (partition by conversation_id order by seq) as k from changed where shown
      ), counted as (
        select conversation_id, count(*)::int as n from numbered group by conversation_id
      ), bumped as (${advanceCounters(organizationId, 'counted')}), applied as (
        update ${messages} as m set
          status = changed.status, delivered_at = changed.delivered_at, read_at = changed.read_at,
          error_code = changed.error_code, error_message = changed.error_message,
          change_seq = coalesce(bumped.base + numbered.k, m.change_seq)
        from changed
          left join numbered on numbered.id = changed.id
          left join bumped on bumped.id = changed.conversation_id
        where m.id = changed.id
        returning m.id
      )
      select wamid from merged`),
  );
  return new Set(result.map((row) => row.wamid));
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

// ── Batches of outbound messages (the broadcast dispatcher) ─────────────────────────────────────────

/** A new outbound message of a batch; its conversation must be locked by the caller. */
export interface OutboundRow {
  id: string;
  conversationId: string;
  contactId: string;
  messageType: MessageRow['messageType'];
  content: string;
  broadcastId: string | null;
}

/**
 * Inserts a batch of outbound messages in `sending` state in ONE statement: each conversation hands
 * out its next seqs (in the batch's order) and takes its latest message of the batch as its last
 * message, and the messages are inserted with those seqs. The batch travels as one JSON parameter.
 */
export async function insertOutboundBatch(db: Queryable, organizationId: string, rows: OutboundRow[], sentAt: Date): Promise<void> {
  if (rows.length === 0) return;
  const batch = JSON.stringify(rows.map((row, ord) => ({ ...row, ord })));
  await db.execute(sql`
    with v as (
      select v.*, row_number() over (partition by v."conversationId" order by v.ord) as k
      from jsonb_to_recordset(${batch}::jsonb)
        as v(ord int, id uuid, "conversationId" uuid, "contactId" uuid, "messageType" text, content text, "broadcastId" uuid)
    ), counted as (
      select "conversationId" as conversation_id, count(*)::int as n, (array_agg(id order by ord desc))[1] as last_id
      from v group by "conversationId"
    ), bumped as (${advanceForOutboundCounts(organizationId, 'counted', sentAt)})
    insert into ${messages}
      (id, organization_id, conversation_id, contact_id, seq, change_seq, direction, message_type, content, status, broadcast_id, sent_at)
    select v.id, ${organizationId}::uuid, v."conversationId", v."contactId", bumped.base + v.k, bumped.base + v.k,
      'outbound', v."messageType", v.content, 'sending', v."broadcastId", ${sentAt.toISOString()}::timestamptz
    from v join bumped on bumped.id = v."conversationId"`);
}

/** The conversations the organization's messages with these ids belong to. */
export async function conversationsOfMessages(db: Queryable, organizationId: string, messageIds: string[]): Promise<string[]> {
  if (messageIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ conversationId: messages.conversationId })
    .from(messages)
    .where(and(eq(messages.organizationId, organizationId), inArray(messages.id, messageIds)));
  return rows.map((row) => row.conversationId);
}

/**
 * `setMessageWamid` for a batch, in one statement: each message without a wamid takes its own (one
 * still `sending` becomes `sent`); a message that already has a wamid keeps it. Each changed message
 * takes its conversation's next counter value. The conversations must be locked by the caller.
 * Answers the wamids now stored on their messages.
 */
export async function setMessageWamids(
  db: Queryable,
  organizationId: string,
  pairs: Array<{ messageId: string; wamid: string }>,
): Promise<string[]> {
  if (pairs.length === 0) return [];
  const rows = rowsOf<{ wamid: string }>(
    await db.execute(sql`
      with v as (
        select * from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as v("messageId" uuid, wamid text)
      ), changed as (
        select m.id, m.conversation_id, v.wamid, row_number() over (partition by m.conversation_id order by m.seq) as k
        from ${messages} m join v on m.id = v."messageId"
        where m.organization_id = ${organizationId}::uuid and m.wamid is null
      ), counted as (
        select conversation_id, count(*)::int as n from changed group by conversation_id
      ), bumped as (${advanceCounters(organizationId, 'counted')})
      update ${messages} as m set
        wamid = changed.wamid,
        status = case when m.status = 'sending' then 'sent' else m.status end,
        change_seq = bumped.base + changed.k
      from changed join bumped on bumped.id = changed.conversation_id
      where m.id = changed.id
      returning m.wamid`),
  );
  return rows.map((row) => row.wamid);
}

/**
 * `markMessageFailed` for a batch, in one statement: each message still `sending` becomes `failed` with
 * its code and reason. The conversations must be locked by the caller.
 */
export async function markMessagesFailed(
  db: Queryable,
  organizationId: string,
  failures: Array<{ messageId: string; code: number | null; message: string }>,
): Promise<void> {
  if (failures.length === 0) return;
  await db.execute(sql`
    with v as (
      select * from jsonb_to_recordset(${JSON.stringify(failures)}::jsonb) as v("messageId" uuid, code int, message text)
    ), changed as (
      select m.id, m.conversation_id, v.code, v.message, row_number() over (partition by m.conversation_id order by m.seq) as k
      from ${messages} m join v on m.id = v."messageId"
      where m.organization_id = ${organizationId}::uuid and m.status = 'sending'
    ), counted as (
      select conversation_id, count(*)::int as n from changed group by conversation_id
    ), bumped as (${advanceCounters(organizationId, 'counted')})
    update ${messages} as m set
      status = 'failed', error_code = changed.code, error_message = changed.message,
      change_seq = bumped.base + changed.k
    from changed join bumped on bumped.id = changed.conversation_id
    where m.id = changed.id`);
}

/**
 * Failed messages queued to be sent again (a broadcast's Retry failed): back to `sending`, their error
 * and old wamid cleared. The conversations must be locked by the caller.
 */
export async function resendFailedMessages(db: Queryable, organizationId: string, messageIds: string[]): Promise<void> {
  if (messageIds.length === 0) return;
  await changeMessages(
    db,
    organizationId,
    and(inArray(messages.id, messageIds), eq(messages.status, 'failed')) as SQL,
    sql`status = 'sending', error_code = null, error_message = null, wamid = null`,
  );
}
