import { and, eq, inArray, sql, TransactionRollbackError } from 'drizzle-orm';
import { FREE_ENTRY_POINT_WINDOW_HOURS, STANDARD_WINDOW_HOURS } from '@shared/constants';
import type { Database } from '../../db/database';
import { mediaFiles, messages } from '../../db/schema';
import { uuidv7 } from '../../lib/ids';
import { findOrCreateContactsByWaId, findOrCreateConversations } from './inbound-contact';
import type { InboundMessage } from './webhook-payload';

const HOUR_MS = 3_600_000;

interface Placed {
  message: InboundMessage;
  id: string;
  contactId: string;
  conversationId: string;
}

/**
 * Stores a batch of inbound messages for one organization. Contacts and conversations are found or
 * created in bulk; then, in one transaction, each conversation hands out the next `seq` numbers and
 * its summary moves on (last message, unread count, the customer-service window: 24 hours, 72 for a
 * free entry point; a resolved conversation reopens), and the messages are inserted — so the inbox's
 * poll cursor never skips one. A redelivered message (same wamid) changes nothing: known wamids are
 * filtered out first, and if another worker stores one meanwhile, the unique (organization, wamid)
 * key refuses it, the transaction rolls back (giving back the seqs) and the batch is redone one
 * message at a time. Answers the messages that were new.
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
  const placed: Placed[] = fresh.map((message) => {
    const contactId = contactIds.get(message.from);
    const conversationId = contactId && conversationIds.get(contactId);
    if (!contactId || !conversationId) throw new Error('The contact or conversation just upserted could not be read');
    return { message, id: uuidv7(), contactId, conversationId };
  });

  if (await insertAll(db, organizationId, placed)) return fresh;
  const stored: InboundMessage[] = [];
  for (const one of placed) if (await insertAll(db, organizationId, [one])) stored.push(one.message);
  return stored;
}

/** Inserts the messages and moves their conversations on, all or nothing; false when a wamid was taken. */
async function insertAll(db: Database, organizationId: string, placed: Placed[]): Promise<boolean> {
  const byConversation = new Map<string, Placed[]>();
  for (const item of placed) byConversation.set(item.conversationId, [...(byConversation.get(item.conversationId) ?? []), item]);

  try {
    await db.transaction(async (tx) => {
      const summaries = [...byConversation.entries()].map(([conversationId, items]) => {
        const ordered = [...items].sort((a, b) => a.message.sentAt.getTime() - b.message.sentAt.getTime());
        const last = ordered[ordered.length - 1];
        const widest = items.reduce((best, item) => (windowEnd(item.message) > windowEnd(best.message) ? item : best));
        byConversation.set(conversationId, ordered);
        return {
          id: conversationId,
          n: items.length,
          lastAt: last.message.sentAt,
          lastId: last.id,
          windowEnd: windowEnd(widest.message),
          fep: widest.message.freeEntryPoint,
        };
      });
      // Every SET expression reads the row as it was, so the comparisons see the old window and time.
      const result = (await tx.execute(sql`
        update conversations as c set
          last_seq = c.last_seq + v.n,
          unread_count = c.unread_count + v.n,
          last_message_id = case when c.last_message_at is null or c.last_message_at <= v."lastAt" then v."lastId" else c.last_message_id end,
          last_message_at = greatest(c.last_message_at, v."lastAt"),
          is_free_entry_point = case when c.window_expires_at is null or c.window_expires_at < v."windowEnd" then v.fep else c.is_free_entry_point end,
          window_expires_at = greatest(c.window_expires_at, v."windowEnd"),
          status = case when c.status = 'resolved' then 'open' else c.status end,
          updated_at = now()
        from jsonb_to_recordset(${JSON.stringify(summaries)}::jsonb)
          as v(id uuid, n int, "lastAt" timestamptz, "lastId" uuid, "windowEnd" timestamptz, fep boolean)
        where c.organization_id = ${organizationId}::uuid and c.id = v.id
        returning c.id, c.last_seq`)) as unknown as { rows: Array<{ id: string; last_seq: number | string }> };

      const rows = [];
      const media = [];
      for (const { id: conversationId, last_seq: lastSeq } of result.rows) {
        const items = byConversation.get(conversationId) ?? [];
        let seq = Number(lastSeq) - items.length;
        for (const item of items) {
          seq += 1;
          const mediaId = item.message.media ? uuidv7() : null;
          if (item.message.media) {
            const { metaMediaId, mimeType, fileName } = item.message.media;
            media.push({ id: mediaId as string, organizationId, contactId: item.contactId, metaMediaId, mimeType, fileName });
          }
          rows.push({
            id: item.id,
            organizationId,
            conversationId,
            contactId: item.contactId,
            seq,
            wamid: item.message.wamid,
            direction: 'inbound' as const,
            messageType: item.message.type,
            content: item.message.content,
            status: 'delivered' as const,
            mediaId,
            payload: item.message.payload,
            sentAt: item.message.sentAt,
            deliveredAt: item.message.sentAt,
          });
        }
      }
      if (media.length > 0) await tx.insert(mediaFiles).values(media);
      const inserted = await tx.insert(messages).values(rows).onConflictDoNothing().returning({ id: messages.id });
      if (inserted.length !== placed.length) tx.rollback();
    });
    return true;
  } catch (error) {
    if (error instanceof TransactionRollbackError) return false;
    throw error;
  }
}

function windowEnd(message: InboundMessage): Date {
  const hours = message.freeEntryPoint ? FREE_ENTRY_POINT_WINDOW_HOURS : STANDARD_WINDOW_HOURS;
  return new Date(message.sentAt.getTime() + hours * HOUR_MS);
}
