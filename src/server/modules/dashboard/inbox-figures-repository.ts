import { and, count, eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { conversations } from '../../db/schema';

/**
 * The dashboard's inbox figures (Drizzle only, reads only). Each is one count over the organization's
 * conversations by the inbox's own indexes; "waiting" adds, per candidate conversation, walks of the
 * history index (conversation_id, sort_key) from its newest end, so it never reads a whole history.
 */

/** The latest message that is not a thread note: the customer's, if they are the one waiting. */
const latestDirection = sql`(select m.direction from messages m
  where m.conversation_id = ${conversations.id} and m.message_type <> 'note'
  order by m.sort_key desc limit 1)`;

/** When the wait began: the customer's first message after the team's latest reply (notes are not replies). */
const waitStart = sql`(select min(m.sent_at) from messages m
  where m.conversation_id = ${conversations.id} and m.direction = 'inbound'
    and m.sort_key > coalesce((select o.sort_key from messages o
      where o.conversation_id = ${conversations.id} and o.direction = 'outbound' and o.message_type <> 'note'
      order by o.sort_key desc limit 1), -1))`;

export interface WaitingFigures {
  count: number;
  /** The longest-waiting customer's first unanswered message, or null when nobody waits. */
  waitingSince: Date | null;
}

/** Conversations (within `scope`) not resolved whose latest message is the customer's. */
export async function countWaiting(db: Database, scope: SQL): Promise<WaitingFigures> {
  const [row] = await db
    .select({ n: count(), since: sql<string | Date | null>`min(${waitStart})` })
    .from(conversations)
    .where(and(scope, ne(conversations.status, 'resolved'), sql`${latestDirection} = 'inbound'`));
  return { count: Number(row?.n ?? 0), waitingSince: row?.since ? new Date(row.since) : null };
}

/** The organization's conversations nobody is assigned, resolved ones aside (nothing is left to do there). */
export async function countUnassigned(db: Database, organizationId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(conversations).where(and(
    eq(conversations.organizationId, organizationId), isNull(conversations.assignedToUserId), ne(conversations.status, 'resolved'),
  ));
  return Number(row?.n ?? 0);
}

/** The member's own conversations still open or in progress. */
export async function countMyOpen(db: Database, organizationId: string, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(conversations).where(and(
    eq(conversations.organizationId, organizationId), eq(conversations.assignedToUserId, userId), ne(conversations.status, 'resolved'),
  ));
  return Number(row?.n ?? 0);
}
