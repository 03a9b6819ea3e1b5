import { TransactionRollbackError } from 'drizzle-orm';
import { STANDARD_WINDOW_HOURS } from '@shared/constants';
import type { Database } from '../../db/database';
import { uuidv7 } from '../../lib/ids';
import { noteInboundMessages } from '../broadcast-summary';
import { ensureContactsForCustomers } from '../contacts';
import { autoAssign, prepareAutoAssignment } from './auto-assignment-service';
import {
  advanceForInbound, findOrCreateConversations, lockConversations, type InboundSummary,
} from './conversations-repository';
import { insertMediaFiles, type NewMediaFile } from '../media';
import { findStoredWamids, insertInboundMessages, type NewInboundMessage } from './messages-repository';
import type { MESSAGE_TYPES } from '../../db/schema';

export type StoredMessageType = (typeof MESSAGE_TYPES)[number];

/** A file attached to an inbound message, still to be downloaded from Meta. */
export interface InboundMedia {
  metaMediaId: string;
  mimeType: string;
  fileName: string | undefined;
}

export interface InboundMessage {
  wamid: string;
  /** The customer's number, digits only. */
  from: string;
  profileName: string | undefined;
  sentAt: Date;
  type: StoredMessageType;
  content: string;
  media: InboundMedia | undefined;
  /** The raw message object, kept for types Parley only partly shows (buttons, reactions, interactive). */
  payload: Record<string, unknown> | null;
  /**
   * Came through a Click-to-WhatsApp ad or a Page button: a free entry point. The window stays 24 hours;
   * a reply within 24 hours of this message starts Meta's 72 hours of free messages.
   */
  freeEntryPoint: boolean;
}

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
 * its summary moves on (last message, unread count, the customer-service window: 24 hours after the
 * customer's latest message, whatever the entry point; the latest entry-point message; a resolved
 * conversation reopens), and the messages are inserted, and auto-assignment places the new and
 * reopened ones (auto-assignment-service) — so the inbox's
 * poll cursor never skips one. A redelivered message (same wamid) changes nothing: known wamids are
 * filtered out first, and if another worker stores one meanwhile, the unique (organization, wamid)
 * key refuses it and the transaction rolls back (giving back the seqs); the batch is then redone
 * without the messages stored by then, and if that fails too, one message at a time. Answers the
 * messages that were new.
 */
export async function storeInboundMessages(db: Database, organizationId: string, batch: InboundMessage[]): Promise<InboundMessage[]> {
  const unique = [...new Map(batch.map((message) => [message.wamid, message])).values()];
  if (unique.length === 0) return [];
  const seen = await findStoredWamids(db, organizationId, unique.map((m) => m.wamid));
  const fresh = unique.filter((message) => !seen.has(message.wamid));
  if (fresh.length === 0) return [];

  const contactIds = await ensureContactsForCustomers(db, organizationId, fresh.map((m) => ({ waId: m.from, profileName: m.profileName })));
  const conversations = await findOrCreateConversations(db, organizationId, [...contactIds.values()]);
  const placed: Placed[] = fresh.map((message) => {
    const contactId = contactIds.get(message.from);
    const conversationId = contactId && conversations.get(contactId)?.id;
    if (!contactId || !conversationId) throw new Error('The contact or conversation just upserted could not be read');
    return { message, id: uuidv7(), contactId, conversationId };
  });

  if (await insertAll(db, organizationId, placed)) return fresh;
  const taken = await findStoredWamids(db, organizationId, placed.map((item) => item.message.wamid));
  const rest = placed.filter((item) => !taken.has(item.message.wamid));
  if (rest.length === 0) return [];
  if (await insertAll(db, organizationId, rest)) return rest.map((item) => item.message);
  const stored: InboundMessage[] = [];
  for (const one of rest) if (await insertAll(db, organizationId, [one])) stored.push(one.message);
  return stored;
}

/** Inserts the messages and moves their conversations on, all or nothing; false when a wamid was taken. */
async function insertAll(db: Database, organizationId: string, placed: Placed[]): Promise<boolean> {
  const byConversation = new Map<string, Placed[]>();
  for (const item of placed) byConversation.set(item.conversationId, [...(byConversation.get(item.conversationId) ?? []), item]);

  try {
    await db.transaction(async (tx) => {
      const summaries = [...byConversation.entries()].map(([conversationId, items]): InboundSummary => {
        const ordered = [...items].sort((a, b) => a.message.sentAt.getTime() - b.message.sentAt.getTime());
        const last = ordered[ordered.length - 1];
        const entries = items.filter((item) => item.message.freeEntryPoint).map((item) => item.message.sentAt.getTime());
        byConversation.set(conversationId, ordered);
        return {
          id: conversationId,
          n: items.length,
          lastAt: last.message.sentAt,
          lastId: last.id,
          windowEnd: windowEnd(last.message),
          entryAt: entries.length > 0 ? new Date(Math.max(...entries)) : null,
        };
      });
      await lockConversations(tx, organizationId, [...byConversation.keys()]);
      const assignment = await prepareAutoAssignment(tx, organizationId, [...byConversation.keys()]);
      const lastSeqs = await advanceForInbound(tx, organizationId, summaries);

      const rows: NewInboundMessage[] = [];
      const media: NewMediaFile[] = [];
      for (const [conversationId, lastSeq] of lastSeqs) {
        const items = byConversation.get(conversationId) ?? [];
        let seq = lastSeq - items.length;
        for (const item of items) {
          seq += 1;
          const file = item.message.media && { id: uuidv7(), organizationId, contactId: item.contactId, ...item.message.media };
          if (file) media.push(file);
          rows.push({
            id: item.id,
            organizationId,
            conversationId,
            contactId: item.contactId,
            seq,
            wamid: item.message.wamid,
            messageType: item.message.type,
            content: item.message.content,
            mediaId: file?.id ?? null,
            payload: item.message.payload,
            sentAt: item.message.sentAt,
          });
        }
      }
      await insertMediaFiles(tx, media);
      if ((await insertInboundMessages(tx, rows)) !== placed.length) tx.rollback();
      // A reply to a broadcast message counts in its broadcast's figures.
      await noteInboundMessages(tx, organizationId, rows.map((row) => row.id));
      await autoAssign(tx, assignment);
    });
    return true;
  } catch (error) {
    if (error instanceof TransactionRollbackError) return false;
    throw error;
  }
}

/** The customer-service window a message opens: 24 hours, whatever the entry point (WHATSAPP.md §9). */
function windowEnd(message: InboundMessage): Date {
  return new Date(message.sentAt.getTime() + STANDARD_WINDOW_HOURS * HOUR_MS);
}
