import { and, eq, inArray, sql, TransactionRollbackError } from 'drizzle-orm';
import { FREE_ENTRY_POINT_WINDOW_HOURS, STANDARD_WINDOW_HOURS } from '@shared/constants';
import type { Database } from '../../db/database';
import { conversations, mediaFiles, messages } from '../../db/schema';
import { uuidv7 } from '../../lib/ids';
import { findOrCreateContactsByWaId, findOrCreateConversations } from './inbound-contact';
import type { InboundMessage } from './webhook-payload';

const HOUR_MS = 3_600_000;

/**
 * Stores a batch of inbound messages for one organization: their contacts and conversations are
 * found or created in bulk, then each message takes the next `seq` of its conversation and is
 * inserted in one transaction (so the inbox's poll cursor never skips one), which also updates the
 * conversation — last message, unread count, the customer-service window (24 hours; 72 for a free
 * entry point). A redelivered message (same wamid) changes nothing: it is filtered out first, and if
 * two workers race, the unique (organization, wamid) key refuses the second insert and its
 * transaction is rolled back, giving back the seq. Answers the messages that were new.
 */
export async function storeInboundMessages(db: Database, organizationId: string, batch: InboundMessage[]): Promise<InboundMessage[]> {
  const unique = [...new Map(batch.map((message) => [message.wamid, message])).values()];
  if (unique.length === 0) return [];
  const known = await db
    .select({ wamid: messages.wamid })
    .from(messages)
    .where(and(eq(messages.organizationId, organizationId), inArray(messages.wamid, unique.map((m) => m.wamid))));
  const seen = new Set(known.map((row) => row.wamid));
  const fresh = unique.filter((message) => !seen.has(message.wamid));
  if (fresh.length === 0) return [];

  const contactIds = await findOrCreateContactsByWaId(db, organizationId, fresh.map((m) => ({ waId: m.from, profileName: m.profileName })));
  const conversationIds = await findOrCreateConversations(db, organizationId, [...contactIds.values()]);
  const stored: InboundMessage[] = [];
  for (const message of fresh) {
    const contactId = contactIds.get(message.from);
    const conversationId = contactId && conversationIds.get(contactId);
    if (!contactId || !conversationId) throw new Error('The contact or conversation just upserted could not be read');
    if (await insertInbound(db, organizationId, { contactId, conversationId }, message)) stored.push(message);
  }
  return stored;
}

async function insertInbound(
  db: Database,
  organizationId: string,
  { contactId, conversationId }: { contactId: string; conversationId: string },
  message: InboundMessage,
): Promise<boolean> {
  const messageId = uuidv7();
  const windowHours = message.freeEntryPoint ? FREE_ENTRY_POINT_WINDOW_HOURS : STANDARD_WINDOW_HOURS;
  const windowEnd = new Date(message.sentAt.getTime() + windowHours * HOUR_MS).toISOString();
  const sentAt = message.sentAt.toISOString();

  try {
    await db.transaction(async (tx) => {
      // All SET expressions read the row as it was, so the comparisons below see the old window.
      const [{ seq }] = await tx
        .update(conversations)
        .set({
          lastSeq: sql`${conversations.lastSeq} + 1`,
          unreadCount: sql`${conversations.unreadCount} + 1`,
          lastMessageId: sql`case when ${conversations.lastMessageAt} is null or ${conversations.lastMessageAt} <= ${sentAt}::timestamptz then ${messageId}::uuid else ${conversations.lastMessageId} end`,
          lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${sentAt}::timestamptz)`,
          isFreeEntryPoint: sql`case when ${conversations.windowExpiresAt} is null or ${conversations.windowExpiresAt} < ${windowEnd}::timestamptz then ${message.freeEntryPoint} else ${conversations.isFreeEntryPoint} end`,
          windowExpiresAt: sql`greatest(${conversations.windowExpiresAt}, ${windowEnd}::timestamptz)`,
          // A customer writing again reopens a resolved conversation, so it is seen.
          status: sql`case when ${conversations.status} = 'resolved' then 'open' else ${conversations.status} end`,
        })
        .where(and(eq(conversations.organizationId, organizationId), eq(conversations.id, conversationId)))
        .returning({ seq: conversations.lastSeq });

      let mediaId: string | null = null;
      if (message.media) {
        const [media] = await tx
          .insert(mediaFiles)
          .values({
            organizationId,
            contactId,
            metaMediaId: message.media.metaMediaId,
            mimeType: message.media.mimeType,
            fileName: message.media.fileName,
          })
          .returning({ id: mediaFiles.id });
        mediaId = media.id;
      }

      const inserted = await tx
        .insert(messages)
        .values({
          id: messageId,
          organizationId,
          conversationId,
          contactId,
          seq,
          wamid: message.wamid,
          direction: 'inbound',
          messageType: message.type,
          content: message.content,
          status: 'delivered',
          mediaId,
          payload: message.payload,
          sentAt: message.sentAt,
          deliveredAt: message.sentAt,
        })
        .onConflictDoNothing()
        .returning({ id: messages.id });
      if (inserted.length === 0) tx.rollback();
    });
    return true;
  } catch (error) {
    if (error instanceof TransactionRollbackError) return false;
    throw error;
  }
}
