import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/database';
import { messages } from '../../../db/schema';

/**
 * Read receipts at Meta: `read_receipt_at` marks the customer message Parley has told Meta the team
 * read. It shows in no view, so changing it moves no change counter.
 */

/**
 * Claims the conversation's newest customer message for a read receipt: answers its id and wamid, or
 * null when that message was claimed already (or there is none). One statement, so two members opening
 * the conversation at once claim it once.
 */
export async function claimNewestInboundForReadReceipt(
  db: Queryable,
  organizationId: string,
  conversationId: string,
): Promise<{ id: string; wamid: string } | null> {
  const newest = db
    .select({ id: messages.id })
    .from(messages)
    .where(and(
      eq(messages.organizationId, organizationId),
      eq(messages.conversationId, conversationId),
      eq(messages.direction, 'inbound'),
      isNotNull(messages.wamid),
    ))
    .orderBy(desc(messages.seq))
    .limit(1);
  const [claimed] = await db
    .update(messages)
    .set({ readReceiptAt: sql`now()` })
    .where(and(eq(messages.organizationId, organizationId), sql`${messages.id} = (${newest})`, isNull(messages.readReceiptAt)))
    .returning({ id: messages.id, wamid: messages.wamid });
  return claimed?.wamid ? { id: claimed.id, wamid: claimed.wamid } : null;
}

/** Gives back a claim whose call failed, so the next opening of the conversation tries again. */
export async function releaseReadReceipt(db: Queryable, organizationId: string, messageId: string): Promise<void> {
  await db
    .update(messages)
    .set({ readReceiptAt: null })
    .where(and(eq(messages.organizationId, organizationId), eq(messages.id, messageId)));
}
