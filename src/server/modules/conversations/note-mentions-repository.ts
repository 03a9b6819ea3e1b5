import { sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { NUDGE_CHANNEL } from '../../db/nudge-channel';
import { conversations, noteMentions } from '../../db/schema';

/** The note_mentions table's one writer and reader (Drizzle only): whom a thread note mentions. */

export async function insertNoteMentions(
  db: Queryable,
  note: { organizationId: string; conversationId: string; messageId: string },
  userIds: readonly string[],
): Promise<void> {
  if (userIds.length === 0) return;
  await db.insert(noteMentions).values(userIds.map((userId) => ({ ...note, userId }))).onConflictDoNothing();
}

/**
 * A condition on `conversations`: a thread note in it mentions the user. One probe of the
 * (organization, user, conversation) index per conversation.
 */
export function mentionsUserIn(organizationId: string, userId: string): SQL {
  return sql`exists (select 1 from ${noteMentions}
    where ${noteMentions.organizationId} = ${organizationId}::uuid and ${noteMentions.userId} = ${userId}::uuid
      and ${noteMentions.conversationId} = ${conversations.id})`;
}

/**
 * Tells the mentioned members' live streams (the nudge channel, with the trigger's short keys, kind
 * `mention`). NOTIFY is delivered when the caller's transaction commits, never before and never if it
 * rolls back.
 */
export async function announceMention(
  db: Queryable,
  mention: { organizationId: string; conversationId: string; counter: number; assigneeId: string | null; userIds: readonly string[] },
): Promise<void> {
  if (mention.userIds.length === 0) return;
  const payload = JSON.stringify({
    o: mention.organizationId,
    c: mention.conversationId,
    s: mention.counter,
    a: mention.assigneeId,
    k: 'mention',
    m: mention.userIds,
  });
  await db.execute(sql`select pg_notify(${NUDGE_CHANNEL}, ${payload})`);
}
