import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import type { ConversationStatus } from '@shared/api/conversations';
import { FREE_ENTRY_POINT_WINDOW_HOURS, STANDARD_WINDOW_HOURS } from '@shared/constants';
import { rowsOf } from '../../db/rows-of';
import { conversations, messages } from '../../db/schema';

/**
 * The conversations table's one writer and reader (Drizzle only). A conversation's `last_seq` is its
 * change counter: messages take their `seq` and `change_seq` from it while the row is locked.
 */

export type ConversationRow = typeof conversations.$inferSelect;

/** A reply opens the free-entry-point window only within this many hours of the entry-point message. */
const REPLY_WITHIN_HOURS = STANDARD_WINDOW_HOURS;

export interface ConversationRef {
  id: string;
  contactId: string;
}

/**
 * Each contact's one conversation, created on first need, for a whole batch: one select when every
 * contact has one (the usual case), else an insert of the missing ones and a select of those.
 * Concurrent callers (an agent opening the chat while the customer's first message arrives) converge on
 * the same row through the unique (organization, contact) key; the rows go in by contact id, so two
 * batches sharing new contacts wait for each other in the same order instead of deadlocking. Answers
 * the conversations by contact id.
 */
export async function findOrCreateConversations(
  db: Queryable,
  organizationId: string,
  contactIds: string[],
): Promise<Map<string, ConversationRef>> {
  const unique = [...new Set(contactIds)].sort();
  if (unique.length === 0) return new Map();
  const found = await conversationsOfContacts(db, organizationId, unique);
  const missing = unique.filter((contactId) => !found.has(contactId));
  if (missing.length === 0) return found;
  await db
    .insert(conversations)
    .values(missing.map((contactId) => ({ organizationId, contactId })))
    .onConflictDoNothing({ target: [conversations.organizationId, conversations.contactId] });
  for (const [contactId, conversation] of await conversationsOfContacts(db, organizationId, missing)) found.set(contactId, conversation);
  return found;
}

async function conversationsOfContacts(db: Queryable, organizationId: string, contactIds: string[]): Promise<Map<string, ConversationRef>> {
  const rows = await db
    .select({ id: conversations.id, contactId: conversations.contactId })
    .from(conversations)
    .where(and(eq(conversations.organizationId, organizationId), sql`${conversations.contactId} = any(${sql.param(contactIds)}::uuid[])`));
  return new Map(rows.map((row) => [row.contactId, row]));
}

/** The contact's one conversation, created on first need (the batch form for one contact). */
export async function findOrCreateConversation(db: Queryable, organizationId: string, contactId: string): Promise<ConversationRef> {
  const conversation = (await findOrCreateConversations(db, organizationId, [contactId])).get(contactId);
  if (!conversation) throw new Error('The conversation just upserted could not be read');
  return conversation;
}

/**
 * Locks the organization's conversations for the rest of the transaction, in id order, so two writers
 * locking overlapping sets cannot deadlock. Every write to a conversation's messages locks it first.
 */
export async function lockConversations(db: Queryable, organizationId: string, conversationIds: readonly string[]): Promise<void> {
  if (conversationIds.length === 0) return;
  await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.organizationId, organizationId), sql`${conversations.id} = any(${sql.param([...new Set(conversationIds)])}::uuid[])`))
    .orderBy(conversations.id)
    .for('update');
}

/** The conversation matching `visible` (a condition naming one conversation), locked, or null. */
export async function lockConversation(db: Queryable, visible: SQL): Promise<ConversationRow | null> {
  const [row] = await db.select().from(conversations).where(visible).for('update');
  return row ?? null;
}

/** The conversation matching `visible` (a condition naming one conversation), or null. */
export async function findConversation(db: Queryable, visible: SQL): Promise<ConversationRow | null> {
  const [row] = await db.select().from(conversations).where(visible);
  return row ?? null;
}

/**
 * The body of a data-modifying CTE that advances the counters of the conversations listed in `counted`
 * (a CTE of conversation_id, n) by n each and answers (id, base): the values base+1 .. base+n are the
 * caller's. The messages repository builds its writes around it, so a message and its counter change
 * in one statement.
 */
export function advanceCounters(organizationId: string, countedName: string): SQL {
  const counted = sql.identifier(countedName);
  return sql`
    update ${conversations} as c set last_seq = c.last_seq + ${counted}.n
    from ${counted} where c.organization_id = ${organizationId}::uuid and c.id = ${counted}.conversation_id
    returning c.id, c.last_seq - ${counted}.n as base`;
}

/** What a batch of inbound messages does to one conversation's summary. */
export interface InboundSummary {
  id: string;
  /** How many messages arrived (each takes the next seq and counts as unread). */
  n: number;
  lastAt: Date;
  lastId: string;
  /** When the customer-service window these messages open ends (the latest one's time + 24 h). */
  windowEnd: Date;
  /** The latest of these messages that came through a free entry point (an ad, a Page button), if any. */
  entryAt: Date | null;
}

/**
 * Moves conversations on for newly arrived customer messages, in one statement: each hands out its next
 * `n` seqs, counts them unread, takes the latest as its last message, widens its window, notes the
 * latest entry-point message and reopens if resolved. Messages can arrive out of order, so the last message and the window only ever move forward.
 * The caller locks the conversations first. Answers each conversation's new last seq (the messages take
 * the `n` seqs ending there).
 */
export async function advanceForInbound(db: Queryable, organizationId: string, summaries: InboundSummary[]): Promise<Map<string, number>> {
  // Every SET expression reads the row as it was, so the comparisons see the old window and time.
  const result = (await db.execute(sql`
    update conversations as c set
      last_seq = c.last_seq + v.n,
      unread_count = c.unread_count + v.n,
      last_message_id = case when c.last_message_at is null or c.last_message_at <= v."lastAt" then v."lastId" else c.last_message_id end,
      last_message_at = greatest(c.last_message_at, v."lastAt"),
      is_free_entry_point = c.is_free_entry_point or v."entryAt" is not null,
      free_entry_point_at = greatest(c.free_entry_point_at, v."entryAt"),
      window_expires_at = greatest(c.window_expires_at, v."windowEnd"),
      status = case when c.status = 'resolved' then 'open' else c.status end,
      updated_at = now()
    from jsonb_to_recordset(${JSON.stringify(summaries)}::jsonb)
      as v(id uuid, n int, "lastAt" timestamptz, "lastId" uuid, "windowEnd" timestamptz, "entryAt" timestamptz)
    where c.organization_id = ${organizationId}::uuid and c.id = v.id
    returning c.id, c.last_seq`)) as unknown as { rows: Array<{ id: string; last_seq: number | string }> };
  return new Map(result.rows.map((row) => [row.id, Number(row.last_seq)]));
}

/**
 * Starts Meta's free-entry-point window where these outbound messages, just accepted by Meta, are the
 * business's first reply within 24 h of the customer's latest entry-point message: free messages for
 * 72 h from that reply (WHATSAPP.md §9). A later reply, or one after the 24 h, changes nothing. The
 * caller holds the conversations.
 */
export async function startFreeEntryPoints(db: Queryable, organizationId: string, messageIds: string[]): Promise<void> {
  if (messageIds.length === 0) return;
  const reply = sql.raw(`interval '${REPLY_WITHIN_HOURS} hours'`);
  const lasts = sql.raw(`interval '${FREE_ENTRY_POINT_WINDOW_HOURS} hours'`);
  await db.execute(sql`
    update ${conversations} as c set free_entry_point_expires_at = r.first_reply + ${lasts}, updated_at = now()
    from (
      select m.conversation_id, min(m.sent_at) as first_reply from ${messages} m
      where m.organization_id = ${organizationId}::uuid and m.direction = 'outbound'
        and m.id in (select jsonb_array_elements_text(${JSON.stringify(messageIds)}::jsonb)::uuid)
      group by m.conversation_id
    ) as r
    where c.organization_id = ${organizationId}::uuid and c.id = r.conversation_id
      and r.first_reply >= c.free_entry_point_at and r.first_reply < c.free_entry_point_at + ${reply}
      and (c.free_entry_point_expires_at is null or c.free_entry_point_expires_at - ${lasts} < c.free_entry_point_at)`);
}

/**
 * Hands out the conversation's next seq to an outbound message and makes it the last message unless a
 * later one is already there. Answers the seq.
 */
export async function advanceForOutbound(
  db: Queryable,
  organizationId: string,
  conversationId: string,
  message: { id: string; sentAt: Date },
): Promise<number> {
  const sentAt = message.sentAt.toISOString();
  const [{ seq }] = await db
    .update(conversations)
    .set({
      lastSeq: sql`${conversations.lastSeq} + 1`,
      lastMessageId: sql`case when ${conversations.lastMessageAt} is null or ${conversations.lastMessageAt} <= ${sentAt}::timestamptz then ${message.id}::uuid else ${conversations.lastMessageId} end`,
      lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${sentAt}::timestamptz)`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(conversations.organizationId, organizationId), eq(conversations.id, conversationId)))
    .returning({ seq: conversations.lastSeq });
  return seq;
}

/**
 * Hands out the conversation's next seq to a message that changes nothing else about it (a thread note:
 * neither its last message, nor its unread count, nor its window). Answers the seq.
 */
export async function advanceCounter(db: Queryable, organizationId: string, conversationId: string): Promise<number> {
  const [{ seq }] = await db
    .update(conversations)
    .set({ lastSeq: sql`${conversations.lastSeq} + 1` })
    .where(and(eq(conversations.organizationId, organizationId), eq(conversations.id, conversationId)))
    .returning({ seq: conversations.lastSeq });
  return seq;
}

/**
 * The conversations of a batch of outbound messages, locked for the rest of the transaction in ONE
 * sorted statement: each contact's conversation (created first when it has none) and the given
 * conversations. Answers the contacts' conversations by contact id.
 */
export async function lockConversationsForSend(
  db: Queryable,
  organizationId: string,
  batch: { contactIds: string[]; conversationIds: string[] },
): Promise<Map<string, ConversationRef>> {
  const contactIds = [...new Set(batch.contactIds)];
  if (contactIds.length === 0 && batch.conversationIds.length === 0) return new Map();
  if (contactIds.length > 0) {
    await db
      .insert(conversations)
      .values(contactIds.map((contactId) => ({ organizationId, contactId })))
      .onConflictDoNothing({ target: [conversations.organizationId, conversations.contactId] });
  }
  const rows = rowsOf<{ id: string; contact_id: string }>(
    await db.execute(sql`
      select id, contact_id from ${conversations}
      where organization_id = ${organizationId}::uuid and (
        contact_id in (select jsonb_array_elements_text(${JSON.stringify(contactIds)}::jsonb)::uuid)
        or id in (select jsonb_array_elements_text(${JSON.stringify(batch.conversationIds)}::jsonb)::uuid)
      )
      order by id
      for update`),
  );
  const wanted = new Set(contactIds);
  return new Map(rows.filter((row) => wanted.has(row.contact_id)).map((row) => [row.contact_id, { id: row.id, contactId: row.contact_id }]));
}

/**
 * Locks, in one sorted statement, the conversations of the organization's messages with these ids
 * (before changing those messages).
 */
export async function lockConversationsOfMessages(db: Queryable, organizationId: string, messageIds: string[]): Promise<void> {
  if (messageIds.length === 0) return;
  await db.execute(sql`
    select c.id from ${conversations} c
    where c.organization_id = ${organizationId}::uuid and c.id in (
      select m.conversation_id from ${messages} m
      where m.organization_id = ${organizationId}::uuid and m.id in (select jsonb_array_elements_text(${JSON.stringify(messageIds)}::jsonb)::uuid)
    )
    order by c.id
    for update of c`);
}

/**
 * The body of a data-modifying CTE for a batch of outbound messages: the conversations listed in
 * `counted` (a CTE of conversation_id, n, last_id) advance their counters by n each, and take last_id
 * (sent at `sentAt`) as their last message unless a later one is there. Answers (id, base): the seqs
 * base+1 .. base+n are the caller's.
 */
export function advanceForOutboundCounts(organizationId: string, countedName: string, sentAt: Date): SQL {
  const counted = sql.identifier(countedName);
  const at = sentAt.toISOString();
  return sql`
    update ${conversations} as c set
      last_seq = c.last_seq + ${counted}.n,
      last_message_id = case when c.last_message_at is null or c.last_message_at <= ${at}::timestamptz then ${counted}.last_id else c.last_message_id end,
      last_message_at = greatest(c.last_message_at, ${at}::timestamptz),
      updated_at = now()
    from ${counted} where c.organization_id = ${organizationId}::uuid and c.id = ${counted}.conversation_id
    returning c.id, c.last_seq - ${counted}.n as base`;
}

export interface ConversationState {
  status?: ConversationStatus;
  assignedToUserId?: string | null;
  unreadCount?: number;
}

/** Sets a conversation's status, assignee or unread count. */
export async function updateConversationState(
  db: Queryable,
  organizationId: string,
  conversationId: string,
  state: ConversationState,
): Promise<void> {
  await db
    .update(conversations)
    .set(state)
    .where(and(eq(conversations.organizationId, organizationId), eq(conversations.id, conversationId)));
}

/**
 * Moves a conversation to `to` if its status is one of `from`, atomically (of two changes at once, one
 * wins). Answers whether it moved.
 */
export async function moveStatus(
  db: Queryable,
  organizationId: string,
  conversationId: string,
  from: readonly ConversationStatus[],
  to: ConversationStatus,
): Promise<boolean> {
  const moved = await db
    .update(conversations)
    .set({ status: to })
    .where(and(eq(conversations.organizationId, organizationId), eq(conversations.id, conversationId), inArray(conversations.status, [...from])))
    .returning({ id: conversations.id });
  return moved.length > 0;
}
