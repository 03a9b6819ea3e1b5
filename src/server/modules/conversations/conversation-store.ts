import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { conversations } from '../../db/schema';

export type ConversationRow = typeof conversations.$inferSelect;

/**
 * The contact's one conversation, created on first need. Concurrent callers (an agent opening the
 * chat while the customer's first message arrives) converge on the same row through the unique
 * (organization, contact) key.
 */
export async function findOrCreateConversation(
  db: Queryable,
  organizationId: string,
  contactId: string,
): Promise<ConversationRow> {
  const [created] = await db
    .insert(conversations)
    .values({ organizationId, contactId })
    .onConflictDoNothing({ target: [conversations.organizationId, conversations.contactId] })
    .returning();
  if (created) return created;
  const [existing] = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.organizationId, organizationId), eq(conversations.contactId, contactId)));
  return existing;
}
