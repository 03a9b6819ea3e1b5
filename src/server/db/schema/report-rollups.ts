import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { MESSAGE_DIRECTIONS } from '../../../shared/api/conversations';
import { organizationId, timestampTz } from './columns';

/*
 * The inbox reports' rollups, kept by triggers on `messages` and `conversation_events` (their migration)
 * in the statement that writes, so every writer (webhooks, the inbox, broadcasts, the seed) keeps them
 * without knowing of them. The `report-rollups` module folds and reads them.
 */

/**
 * Messages in and out per organization, UTC quarter hour (every time zone's offset is whole quarters, so
 * a quarter lies in one local hour) and direction, thread notes aside. Writers only insert deltas (+n a
 * statement's inserts, -n its deletes: no shared row to wait for); a fold sums a key's rows into one
 * `folded` row. A figure is the sum of its key's rows. No foreign key: a cascade removing an organization
 * inserts the deltas of its messages in that very statement, and rows summing to zero are dropped.
 */
export const reportMessageCounts = pgTable(
  'report_message_counts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: organizationId(),
    /** floor(seconds since 1970 / 900) of the messages' sent_at. */
    quarter: bigint('quarter', { mode: 'number' }).notNull(),
    direction: text('direction', { enum: MESSAGE_DIRECTIONS }).notNull(),
    messages: integer('messages').notNull(),
    folded: boolean('folded').notNull().default(false),
  },
  (t) => [
    index('report_message_counts_org_quarter_idx').on(t.organizationId, t.quarter, t.direction),
    // The fold's work: the deltas not summed yet.
    index('report_message_counts_unfolded_idx').on(t.id).where(sql`not ${t.folded}`),
  ],
);

/**
 * Every period of every conversation (an opening, its first response and its resolve, as the reports
 * define them), computed by the fold from the conversation's history for each conversation noted in
 * `conversation_period_changes`. No foreign key: checking one would share-lock the conversations the
 * fold writes for, which writers lock for update in their own order (waits, even deadlocks); a deleted
 * conversation's periods go in the fold its deletion notes (its messages' and resolves' triggers).
 */
export const conversationPeriods = pgTable(
  'conversation_periods',
  {
    organizationId: organizationId(),
    conversationId: uuid('conversation_id').notNull(),
    /** The opening message's sort_key: one period per opening. */
    openingSortKey: bigint('opening_sort_key', { mode: 'number' }).notNull(),
    openedAt: timestampTz('opened_at').notNull(),
    firstResponseAt: timestampTz('first_response_at'),
    /** The member who sent the first response. */
    responderId: uuid('responder_id'),
    resolvedAt: timestampTz('resolved_at'),
    /** The assignee holding the conversation at the resolve. */
    resolverId: uuid('resolver_id'),
  },
  (t) => [
    primaryKey({ columns: [t.conversationId, t.openingSortKey] }),
    // The reports read the periods opened in a range.
    index('conversation_periods_org_opened_idx').on(t.organizationId, t.openedAt),
  ],
);

/**
 * Conversations whose periods may have changed since the fold last computed them (a message in or a
 * member's reply stored, moved or deleted, a resolve recorded or removed). Readers compute these
 * conversations' periods afresh, so a figure never lags the fold. No foreign key, as above.
 */
export const conversationPeriodChanges = pgTable(
  'conversation_period_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    organizationId: organizationId(),
    conversationId: uuid('conversation_id').notNull(),
  },
  (t) => [index('conversation_period_changes_conversation_idx').on(t.organizationId, t.conversationId)],
);
