import { sql } from 'drizzle-orm';
import { foreignKey, index, integer, jsonb, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { contacts } from './contacts';
import { createdAt, id, organizationId, timestampTz, updatedAt } from './columns';
import { organizations, users } from './organizations';

export const BROADCAST_STATUSES = ['pending', 'processing', 'completed', 'failed'] as const;

/** A template broadcast. Counters are derived from its recipients' states, never incremented per event. */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: id(),
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    templateId: uuid('template_id').notNull(),
    templateName: text('template_name').notNull(),
    templateLanguage: text('template_language').notNull(),
    parameters: jsonb('parameters').notNull(),
    status: text('status', { enum: BROADCAST_STATUSES }).notNull().default('pending'),
    totalCount: integer('total_count').notNull().default(0),
    sentCount: integer('sent_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    idempotencyKey: text('idempotency_key'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestampTz('completed_at'),
  },
  (t) => [
    unique('broadcasts_org_id_key').on(t.organizationId, t.id),
    index('broadcasts_org_created_idx').on(t.organizationId, t.createdAt.desc()),
    uniqueIndex('broadcasts_idempotency_key').on(t.organizationId, t.idempotencyKey).where(
      sql`${t.idempotencyKey} is not null`,
    ),
  ],
);

export const RECIPIENT_STATES = ['pending', 'sending', 'sent', 'failed', 'ambiguous', 'cancelled'] as const;

/** One queued row per recipient, claimed under a row lock with a lease, so no contact is sent twice. */
export const broadcastRecipients = pgTable(
  'broadcast_recipients',
  {
    id: id(),
    organizationId: organizationId(),
    broadcastId: uuid('broadcast_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    state: text('state', { enum: RECIPIENT_STATES }).notNull().default('pending'),
    attemptId: uuid('attempt_id'),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestampTz('locked_until'),
    nextAttemptAt: timestampTz('next_attempt_at').notNull().defaultNow(),
    messageId: uuid('message_id'),
    errorCode: integer('error_code'),
    errorMessage: text('error_message'),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('broadcast_recipients_key').on(t.broadcastId, t.contactId),
    foreignKey({ columns: [t.organizationId, t.broadcastId], foreignColumns: [broadcasts.organizationId, broadcasts.id] })
      .onDelete('cascade'),
    foreignKey({ columns: [t.organizationId, t.contactId], foreignColumns: [contacts.organizationId, contacts.id] })
      .onDelete('cascade'),
    index('broadcast_recipients_claim_idx').on(t.state, t.nextAttemptAt),
  ],
);

export const AUTOMATION_ACTIONS = ['assign_agent', 'do_nothing', 'add_tag'] as const;

/** What pressing a broadcast's quick-reply button does. */
export const automationRules = pgTable(
  'automation_rules',
  {
    id: id(),
    organizationId: organizationId(),
    broadcastId: uuid('broadcast_id').notNull(),
    triggerId: text('trigger_id').notNull(),
    triggerText: text('trigger_text').notNull(),
    actionType: text('action_type', { enum: AUTOMATION_ACTIONS }).notNull(),
    targetUserId: uuid('target_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.organizationId, t.broadcastId], foreignColumns: [broadcasts.organizationId, broadcasts.id] })
      .onDelete('cascade'),
    uniqueIndex('automation_rules_trigger_key').on(t.broadcastId, t.triggerId),
  ],
);

/** Each press of a broadcast button, for analytics and idempotent automation. */
export const buttonClicks = pgTable(
  'button_clicks',
  {
    id: id(),
    organizationId: organizationId(),
    broadcastId: uuid('broadcast_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    messageId: uuid('message_id').notNull(),
    buttonText: text('button_text').notNull(),
    actionType: text('action_type', { enum: AUTOMATION_ACTIONS }),
    assignedToUserId: uuid('assigned_to_user_id').references(() => users.id, { onDelete: 'set null' }),
    clickedAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.organizationId, t.broadcastId], foreignColumns: [broadcasts.organizationId, broadcasts.id] })
      .onDelete('cascade'),
    uniqueIndex('button_clicks_message_key').on(t.messageId),
    index('button_clicks_broadcast_idx').on(t.organizationId, t.broadcastId),
  ],
);
