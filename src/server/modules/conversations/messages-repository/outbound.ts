import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../../db/database';
import { rowsOf } from '../../../db/rows-of';
import { messages } from '../../../db/schema';
import { advanceCounters, advanceForOutboundCounts } from '../conversations-repository';
import { changeMessages, type MessageRow } from './messages';

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
