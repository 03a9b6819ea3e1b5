import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database';
import { conversations, messages, type MESSAGE_TYPES } from '../../db/schema';
import { uuidv7 } from '../../lib/ids';

export interface OutboundMessageInput {
  organizationId: string;
  conversationId: string;
  contactId: string;
  messageType: (typeof MESSAGE_TYPES)[number];
  content: string;
  senderUserId?: string | null;
  broadcastId?: string | null;
  clientId?: string | null;
  payload?: unknown;
  sentAt?: Date;
}

/**
 * Stores an outbound message in `sending` state before the API call: the conversation's next seq and
 * the insert in one transaction (the poll cursor never skips one), and the conversation's last
 * message moves to it. Once Meta answers, `attachWamid` records the wamid. Answers the message id.
 */
export async function recordOutboundMessage(db: Database, input: OutboundMessageInput): Promise<string> {
  const id = uuidv7();
  const sentAt = input.sentAt ?? new Date();
  await db.transaction(async (tx) => {
    const [{ seq }] = await tx
      .update(conversations)
      .set({
        lastSeq: sql`${conversations.lastSeq} + 1`,
        lastMessageId: sql`case when ${conversations.lastMessageAt} is null or ${conversations.lastMessageAt} <= ${sentAt.toISOString()}::timestamptz then ${id}::uuid else ${conversations.lastMessageId} end`,
        lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${sentAt.toISOString()}::timestamptz)`,
      })
      .where(and(eq(conversations.organizationId, input.organizationId), eq(conversations.id, input.conversationId)))
      .returning({ seq: conversations.lastSeq });
    await tx.insert(messages).values({
      id,
      organizationId: input.organizationId,
      conversationId: input.conversationId,
      contactId: input.contactId,
      seq,
      clientId: input.clientId ?? null,
      direction: 'outbound',
      messageType: input.messageType,
      content: input.content,
      status: 'sending',
      senderUserId: input.senderUserId ?? null,
      broadcastId: input.broadcastId ?? null,
      payload: input.payload ?? null,
      sentAt,
    });
  });
  return id;
}
