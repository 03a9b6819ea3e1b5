import { foreignKey, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { CONVERSATION_EVENT_KINDS } from '../../../shared/api/reports';
import { id, organizationId, timestampTz } from './columns';
import { conversations } from './conversations';

/**
 * What happened to a conversation, for the inbox reports: each resolve (with the assignee who held it)
 * and each assignment (with the new assignee). A trigger on `conversations` writes them (migration
 * 0027_conversation_events), so every path that resolves or assigns (the inbox, auto-assignment, the
 * seed) records it in the same statement; the `reports` module reads them.
 */
export const conversationEvents = pgTable(
  'conversation_events',
  {
    id: id(),
    organizationId: organizationId(),
    conversationId: uuid('conversation_id').notNull(),
    kind: text('kind', { enum: CONVERSATION_EVENT_KINDS }).notNull(),
    /** The assignee: the one assigned, or the one holding the conversation when it was resolved (null: nobody). */
    userId: uuid('user_id'),
    occurredAt: timestampTz('occurred_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({ columns: [t.organizationId, t.conversationId], foreignColumns: [conversations.organizationId, conversations.id] })
      .onDelete('cascade'),
    // The reports' per-day and per-agent counts: one range of this index per kind.
    index('conversation_events_org_kind_time_idx').on(t.organizationId, t.kind, t.occurredAt),
    // A conversation's resolves in time order: where each of its periods ends.
    index('conversation_events_conversation_time_idx').on(t.conversationId, t.kind, t.occurredAt),
  ],
);
