import { bigint, doublePrecision, foreignKey, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { broadcasts } from './broadcasts';
import { organizationId, timestampTz } from './columns';
import { organizations } from './organizations';

/*
 * A broadcast's figures kept as it goes, so reading them costs the same at 100 and at 100,000 recipients.
 * Transactions that change a recipient (its state, its message's status, a reply, a button press) only
 * note it in `broadcast_summary_changes` (an insert, no shared row to wait for); a fold applies the
 * noted recipients' changes in batches: each recipient's contribution is computed afresh, compared with
 * the one last counted (`broadcast_summary_entries`) and the difference added to the summary. A reader
 * adds the differences of what is noted and not folded yet, so a figure never lags.
 */

/** The figures a broadcast's screens show, summed over its recipients (see `broadcast_summary_entries`). */
export const broadcastSummaries = pgTable(
  'broadcast_summaries',
  {
    organizationId: organizationId(),
    broadcastId: uuid('broadcast_id').notNull(),
    total: integer('total').notNull().default(0),
    pending: integer('pending').notNull().default(0),
    attempted: integer('attempted').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    failed: integer('failed').notNull().default(0),
    unknown: integer('unknown').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    read: integer('read').notNull().default(0),
    replied: integer('replied').notNull().default(0),
    /** From each send to its first reply, summed: the average response time is this over `replied`. */
    responseSeconds: doublePrecision('response_seconds').notNull().default(0),
    clicked: integer('clicked').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
    engaged: integer('engaged').notNull().default(0),
    /** When the periodic reconcile last compared it with a full recount. */
    reconciledAt: timestampTz('reconciled_at'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.broadcastId] }),
    foreignKey({ columns: [t.organizationId, t.broadcastId], foreignColumns: [broadcasts.organizationId, broadcasts.id] })
      .onDelete('cascade'),
  ],
);

/**
 * What each recipient last added to its broadcast's summary. A recipient without a row adds what a
 * queued one does (one to `total` and `pending`), which its summary counted when it was queued. No
 * foreign key to broadcasts: the fold writes here without waiting for a broadcast row someone holds.
 */
export const broadcastSummaryEntries = pgTable(
  'broadcast_summary_entries',
  {
    recipientId: uuid('recipient_id').primaryKey(),
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    broadcastId: uuid('broadcast_id').notNull(),
    pending: smallint('pending').notNull(),
    attempted: smallint('attempted').notNull(),
    sent: smallint('sent').notNull(),
    failed: smallint('failed').notNull(),
    unknown: smallint('unknown').notNull(),
    delivered: smallint('delivered').notNull(),
    read: smallint('read').notNull(),
    replied: smallint('replied').notNull(),
    responseSeconds: doublePrecision('response_seconds').notNull(),
    clicked: smallint('clicked').notNull(),
    clicks: integer('clicks').notNull(),
    engaged: smallint('engaged').notNull(),
    /** The recipient's presses per button text, as counted in `broadcast_button_counts`. */
    presses: jsonb('presses').notNull().default({}),
    /** A failed recipient's reason as counted in `broadcast_failure_counts`. */
    errorCode: integer('error_code'),
    errorMessage: text('error_message'),
  },
  (t) => [index('broadcast_summary_entries_broadcast_idx').on(t.organizationId, t.broadcastId)],
);

/** The failed recipients of a broadcast per Meta code and reason, kept with the summary. */
export const broadcastFailureCounts = pgTable(
  'broadcast_failure_counts',
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    broadcastId: uuid('broadcast_id').notNull(),
    errorCode: integer('error_code'),
    errorMessage: text('error_message'),
    count: integer('count').notNull(),
  },
  (t) => [unique('broadcast_failure_counts_key').on(t.organizationId, t.broadcastId, t.errorCode, t.errorMessage).nullsNotDistinct()],
);

/** Each button's presses and distinct pressers in a broadcast, kept with the summary. */
export const broadcastButtonCounts = pgTable(
  'broadcast_button_counts',
  {
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    broadcastId: uuid('broadcast_id').notNull(),
    buttonText: text('button_text').notNull(),
    clicks: integer('clicks').notNull(),
    clickers: integer('clickers').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.broadcastId, t.buttonText] })],
);

/** Recipients whose figures changed and are not folded into their summary yet (append-only; the fold deletes). */
export const broadcastSummaryChanges = pgTable(
  'broadcast_summary_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: organizationId(),
    broadcastId: uuid('broadcast_id').notNull(),
    recipientId: uuid('recipient_id').notNull(),
  },
  (t) => [index('broadcast_summary_changes_broadcast_idx').on(t.organizationId, t.broadcastId)],
);
