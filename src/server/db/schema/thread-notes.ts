import { foreignKey, index, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { createdAt, organizationId } from './columns';
import { conversations, messages } from './conversations';
import { memberships } from './organizations';

/**
 * Who a thread note (a message of type `note`, never sent to WhatsApp) mentions: one row per note and
 * member. The (organization, member, conversation) index serves a member's "Mentions" list. A mention
 * goes with its note, its conversation and the member's membership.
 */
export const noteMentions = pgTable(
  'note_mentions',
  {
    organizationId: organizationId(),
    messageId: uuid('message_id').notNull(),
    conversationId: uuid('conversation_id').notNull(),
    userId: uuid('user_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId] }),
    foreignKey({ name: 'note_mentions_message_fk', columns: [t.messageId], foreignColumns: [messages.id] }).onDelete('cascade'),
    foreignKey({ name: 'note_mentions_conversation_fk', columns: [t.organizationId, t.conversationId], foreignColumns: [conversations.organizationId, conversations.id] }).onDelete('cascade'),
    foreignKey({ name: 'note_mentions_member_fk', columns: [t.organizationId, t.userId], foreignColumns: [memberships.organizationId, memberships.userId] }).onDelete('cascade'),
    index('note_mentions_org_user_conversation_idx').on(t.organizationId, t.userId, t.conversationId),
  ],
);
