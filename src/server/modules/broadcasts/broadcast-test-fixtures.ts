import { and, eq } from 'drizzle-orm';
import type { RecipientState } from '@shared/api/broadcasts';
import type { TemplateComponent } from '@shared/api/templates';
import type { Database } from '../../db/database';
import { broadcastRecipients, messages, messageTemplates } from '../../db/schema';
import { uuidv7 } from '../../lib/ids';
import { noteRecipientChanges } from '../broadcast-summary';
import { ensureContactForCustomer } from '../contacts/contact-intake-service';
import { setContactDeletedAt } from '../contacts/contacts-repository';
import { findOrCreateConversation } from '../conversations/conversations-repository';
import { customerNumber, customerWrites } from '../conversations/inbox-test-fixtures';
import { storeOutboundMessage } from '../conversations/message-delivery-service';
import { tagContacts } from '../tags/contact-tags-repository';
import { insertTag } from '../tags/tags-repository';
import { upsertTemplates } from '../templates/templates-repository';

/**
 * Test helpers for broadcasts: templates, contacts and tags straight in the database, and the
 * dispatcher's and Meta's part (a recipient sent, delivered, read, failed; a customer replying) played
 * by hand, so the API's figures can be checked against data whose every state is known.
 */

/** Two variables ({{1}} in the header, {{2}} in the body), two quick replies and a link button. */
export const ORDER_COMPONENTS: TemplateComponent[] = [
  { type: 'HEADER', format: 'TEXT', text: 'Order for {{1}}' },
  { type: 'BODY', text: 'Hi {{1}}, your order {{2}} is on its way.' },
  { type: 'FOOTER', text: 'Desert Rose Trading' },
  {
    type: 'BUTTONS',
    buttons: [
      { id: '0', text: 'Track my order', type: 'QUICK_REPLY' },
      { id: '1', text: 'Talk to an agent', type: 'QUICK_REPLY' },
      { id: '2', text: 'Our shop', type: 'URL', url: 'https://example.com' },
    ],
  },
];

let counter = 0;
const unique = (prefix: string) => {
  counter += 1;
  return `${prefix}_${counter}_${Date.now().toString(36)}`;
};

/** A template of the organization as a sync would store it; answers its id. */
export async function insertTemplate(
  db: Database,
  organizationId: string,
  { name = unique('order_update'), status = 'APPROVED', components = ORDER_COMPONENTS }:
    { name?: string; status?: string; components?: TemplateComponent[] } = {},
): Promise<string> {
  await upsertTemplates(db, [{ organizationId, externalId: unique('ext'), name, language: 'en_US', status, category: 'MARKETING', components }]);
  const [row] = await db
    .select({ id: messageTemplates.id })
    .from(messageTemplates)
    .where(and(eq(messageTemplates.organizationId, organizationId), eq(messageTemplates.name, name)));
  return row.id;
}

export interface TestContact {
  id: string;
  waId: string;
}

/** A contact with a fresh UAE number (and a conversation-ready WhatsApp id). */
export async function makeContact(db: Database, organizationId: string, name?: string): Promise<TestContact> {
  const waId = customerNumber();
  return { id: await ensureContactForCustomer(db, organizationId, waId, name), waId };
}

export async function makeContacts(db: Database, organizationId: string, count: number): Promise<TestContact[]> {
  const made: TestContact[] = [];
  for (let i = 0; i < count; i += 1) made.push(await makeContact(db, organizationId, `Customer ${counter}-${i}`));
  return made;
}

export async function deleteContact(db: Database, organizationId: string, contactId: string): Promise<void> {
  await setContactDeletedAt(db, organizationId, contactId, true);
}

/** A tag carried by these contacts; answers its id. */
export async function makeTag(db: Database, organizationId: string, contactIds: readonly string[] = []): Promise<string> {
  const id = await insertTag(db, organizationId, { name: unique('Tag'), color: '#1976d2', type: 'manual' });
  if (!id) throw new Error('tag not created');
  await tagContacts(db, organizationId, id, contactIds);
  return id;
}

export type RecipientRow = typeof broadcastRecipients.$inferSelect;

export async function recipientsOf(db: Database, broadcastId: string): Promise<RecipientRow[]> {
  return db.select().from(broadcastRecipients).where(eq(broadcastRecipients.broadcastId, broadcastId));
}

export async function recipientOf(db: Database, broadcastId: string, contactId: string): Promise<RecipientRow> {
  const [row] = await db
    .select()
    .from(broadcastRecipients)
    .where(and(eq(broadcastRecipients.broadcastId, broadcastId), eq(broadcastRecipients.contactId, contactId)));
  if (!row) throw new Error('no such recipient');
  return row;
}

export interface Outcome {
  state: RecipientState;
  /** The message's status once Meta accepted the send. */
  messageStatus?: 'sent' | 'delivered' | 'read' | 'failed';
  errorCode?: number | null;
  errorMessage?: string | null;
  /** When the broadcast message was sent. */
  at?: Date;
}

/**
 * Plays the dispatcher and Meta for one recipient: the broadcast message stored in the contact's
 * conversation (unless the recipient is still queued or was cancelled), then the recipient's state and
 * the message's status. Answers the message id, if one was stored.
 */
export async function settleRecipient(
  db: Database,
  organizationId: string,
  broadcastId: string,
  contactId: string,
  { state, messageStatus, errorCode = null, errorMessage = null, at = new Date() }: Outcome,
): Promise<string | null> {
  let messageId: string | null = null;
  if (state !== 'pending' && state !== 'cancelled') {
    const conversation = await findOrCreateConversation(db, organizationId, contactId);
    messageId = await db.transaction((tx) => storeOutboundMessage(tx, {
      organizationId, conversationId: conversation.id, contactId, messageType: 'template', content: '{}', broadcastId, sentAt: at,
    }));
    const status = messageStatus ?? (state === 'failed' ? 'failed' : state === 'sent' ? 'sent' : 'sending');
    await db.update(messages).set({
      status,
      wamid: `wamid.${uuidv7()}`,
      deliveredAt: status === 'delivered' || status === 'read' ? new Date(at.getTime() + 1000) : null,
      readAt: status === 'read' ? new Date(at.getTime() + 2000) : null,
      errorCode: status === 'failed' ? errorCode : null,
      errorMessage: status === 'failed' ? errorMessage : null,
    }).where(eq(messages.id, messageId));
  }
  const [settled] = await db.update(broadcastRecipients).set({
    state,
    messageId,
    sentAt: state === 'sent' || (state === 'failed' && messageStatus !== undefined) ? at : null,
    errorCode,
    errorMessage,
    attempts: state === 'pending' ? 0 : 1,
  }).where(and(eq(broadcastRecipients.broadcastId, broadcastId), eq(broadcastRecipients.contactId, contactId)))
    .returning({ id: broadcastRecipients.id });
  // As the dispatcher and the webhooks do, so the broadcast's summary follows.
  if (settled) await noteRecipientChanges(db, organizationId, [{ broadcastId, recipientId: settled.id }]);
  return messageId;
}

/** The customer writes in their conversation at `at`. */
export async function customerReplies(db: Database, organizationId: string, contact: TestContact, at: Date, text = 'Thanks!'): Promise<void> {
  await customerWrites(db, organizationId, { waId: contact.waId }, text, { at });
}
