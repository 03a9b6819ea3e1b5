import { and, eq, gte, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { conversationActivity, conversations } from '../../db/schema';

/**
 * Today's median first response, in minutes (Drizzle only, reads only); a `reports` module can take it
 * over. A customer message opens a turn when the message before it (thread notes aside) is not the
 * customer's, or there is none: the conversation's first message, or the first after the team spoke.
 * The turn's first response is the first later message a member sent (broadcasts and automations have
 * no sender). Counted for turns opened today in the organization's time zone.
 *
 * Only conversations active today are read (the inbox's activity index), and in each only today's
 * messages: the history index (conversation_id, sort_key) starts at today, since sort_key begins with
 * the message's whole second (times 2^31).
 */
export async function medianFirstResponseToday(db: Database, organizationId: string, timeZone: string): Promise<number | null> {
  const dayStart = sql`(date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})`;
  const dayStartKey = sql`(floor(extract(epoch from ${dayStart} - to_timestamp(0)))::bigint * 2147483648)`;
  const [row] = await db
    .select({
      minutes: sql<string | number | null>`percentile_cont(0.5) within group (order by extract(epoch from (
        (select r.sent_at from messages r
          where r.conversation_id = ${conversations.id} and r.sort_key > turn.sort_key
            and r.direction = 'outbound' and r.message_type <> 'note' and r.sender_user_id is not null
          order by r.sort_key limit 1) - turn.sent_at)) / 60)`,
    })
    .from(conversations)
    .innerJoin(
      sql`lateral (select m.sort_key, m.sent_at from messages m
        where m.conversation_id = ${conversations.id} and m.sort_key >= ${dayStartKey} and m.direction = 'inbound'
          and (select p.direction from messages p
            where p.conversation_id = m.conversation_id and p.sort_key < m.sort_key and p.message_type <> 'note'
            order by p.sort_key desc limit 1) is distinct from 'inbound') as turn`,
      sql`true`,
    )
    .where(and(eq(conversations.organizationId, organizationId), gte(conversationActivity(conversations), dayStart)));
  return row?.minutes === null || row?.minutes === undefined ? null : Number(row.minutes);
}
