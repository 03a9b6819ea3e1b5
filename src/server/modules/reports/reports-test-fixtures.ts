import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { conversationEvents, messages } from '../../db/schema';
import type { Member } from '../../testing/test-app';
import { recordOutboundMessage } from '../conversations';
import { customerNumber, customerWrites, type Written } from '../conversations/inbox-test-fixtures';

/** A conversation written at known times, for figures with known answers. */
export interface Chat {
  written: Written;
  /** The customer writes again at `at`. */
  customer(at: string): Promise<void>;
  /** A message sent at `at`: by a member, by nobody (a broadcast, an automation), or a thread note. */
  outbound(at: string, senderUserId: string | null, kind?: 'text' | 'note' | 'broadcast'): Promise<void>;
  /** Resolved at `at` while the member held it (null: nobody). */
  resolved(at: string, userId: string | null): Promise<void>;
  assigned(at: string, userId: string): Promise<void>;
}

export async function chatFrom(db: Database, organizationId: string, firstAt: string): Promise<Chat> {
  const waId = customerNumber();
  const written = await customerWrites(db, organizationId, { waId }, 'Hello', { at: new Date(firstAt) });
  const event = (kind: 'resolved' | 'assigned', at: string, userId: string | null) =>
    db.insert(conversationEvents).values({ organizationId, conversationId: written.conversationId, kind, userId, occurredAt: new Date(at) });
  return {
    written,
    customer: async (at) => {
      await customerWrites(db, organizationId, { waId }, 'Hello again', { at: new Date(at) });
    },
    outbound: async (at, senderUserId, kind = 'text') => {
      const id = await recordOutboundMessage(db, {
        organizationId, conversationId: written.conversationId, contactId: written.contactId, messageType: kind === 'text' ? 'text' : kind === 'note' ? 'note' : 'template',
        content: 'Reply', senderUserId, sentAt: new Date(at), broadcastId: kind === 'broadcast' ? randomUUID() : null,
      });
      // The history orders a message the team sent by when it was stored.
      await db.update(messages).set({ createdAt: new Date(at) }).where(eq(messages.id, id));
    },
    resolved: async (at, userId) => {
      await event('resolved', at, userId);
    },
    assigned: async (at, userId) => {
      await event('assigned', at, userId);
    },
  };
}

/** Sets the organization's time zone through its settings. */
export async function setTimeZone(admin: Member, timeZone: string): Promise<void> {
  const response = await admin.request({ method: 'PATCH', url: '/api/organization/settings', payload: { timeZone } });
  if (response.statusCode !== 200) throw new Error(`time zone not set: ${response.body}`);
}
