import type { Database } from '../../db/database';
import { storeInboundMessages, type InboundMessage } from './inbound-service';
import { findMessageByWamid } from './messages-repository';

/** Test helpers for the inbox: customers writing in, as the webhook ingestion stores them. */

let counter = 0;

export interface Written {
  conversationId: string;
  contactId: string;
  messageId: string;
  wamid: string;
}

/** A customer's text message, stored as a webhook would store it (contact and conversation made on first need). */
export async function customerWrites(
  db: Database,
  organizationId: string,
  customer: { waId: string; name?: string },
  text = 'Hello',
  { at = new Date(), freeEntryPoint = false }: { at?: Date; freeEntryPoint?: boolean } = {},
): Promise<Written> {
  counter += 1;
  const message: InboundMessage = {
    wamid: `wamid.test-${counter}-${Date.now()}`,
    from: customer.waId,
    profileName: customer.name,
    sentAt: at,
    type: 'text',
    content: text,
    media: undefined,
    payload: null,
    freeEntryPoint,
  };
  await storeInboundMessages(db, organizationId, [message]);
  const stored = await findMessageByWamid(db, organizationId, message.wamid);
  if (!stored) throw new Error('the inbound message was not stored');
  return { conversationId: stored.conversationId, contactId: stored.contactId, messageId: stored.id, wamid: message.wamid };
}

/** A customer number in the UAE (+971 50 ...), unique in the test file. */
export function customerNumber(): string {
  counter += 1;
  return `97150${String(1_000_000 + counter)}`;
}
