import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, foreignKey, index, integer, jsonb, pgTable, text, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { AUTOMATION_ACTIONS, BROADCAST_STATUSES, RECIPIENT_STATES } from '../../../shared/api/broadcasts';
import { tags } from './contacts';
import { createdAt, id, organizationId, timestampTz, updatedAt } from './columns';
import { organizations, users } from './organizations';

/** A template broadcast. Counters are derived from its recipients' states, never incremented per event. */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: id(),
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    /** What the list calls it: by default the template's name and the creation date. */
    name: text('name').notNull().default(''),
    templateId: uuid('template_id').notNull(),
    templateName: text('template_name').notNull(),
    templateLanguage: text('template_language').notNull(),
    /** The template's components when the broadcast was created: what every recipient is sent. */
    templateComponents: jsonb('template_components').notNull().default([]),
    parameters: jsonb('parameters').notNull(),
    /** A media header's file (an upload of the organization), sent as the Meta media id below. */
    headerMediaId: uuid('header_media_id'),
    /** A media header given as an https link, passed to Meta as it is (Parley never fetches it). */
    headerLink: text('header_link'),
    /** The header file's id at Meta, uploaded once when sending starts; Meta forgets it after 30 days. */
    headerMetaMediaId: text('header_meta_media_id'),
    headerMetaUploadedAt: timestampTz('header_meta_uploaded_at'),
    status: text('status', { enum: BROADCAST_STATUSES }).notNull().default('pending'),
    /**
     * A draft's or scheduled broadcast's audience ({ tagIds } or { contactIds }): its recipients are
     * resolved from it when sending starts, not when it is saved.
     */
    audience: jsonb('audience'),
    /** When a `scheduled` broadcast starts; the scheduler claims it with a conditional update. */
    scheduledAt: timestampTz('scheduled_at'),
    statusReason: text('status_reason'),
    totalCount: integer('total_count').notNull().default(0),
    sentCount: integer('sent_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    idempotencyKey: text('idempotency_key'),
    /** A hash of the create request an Idempotency-Key came with: the same key with another request is refused. */
    requestHash: text('request_hash'),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    completedAt: timestampTz('completed_at'),
  },
  (t) => [
    unique('broadcasts_org_id_key').on(t.organizationId, t.id),
    index('broadcasts_org_created_idx').on(t.organizationId, t.createdAt.desc()),
    index('broadcasts_scheduled_due_idx').on(t.scheduledAt).where(sql`${t.status} = 'scheduled'`),
    uniqueIndex('broadcasts_idempotency_key').on(t.organizationId, t.idempotencyKey).where(
      sql`${t.idempotencyKey} is not null`,
    ),
  ],
);

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
    wamid: text('wamid'),
    sentAt: timestampTz('sent_at'),
    errorCode: integer('error_code'),
    errorMessage: text('error_message'),
    /** Put back in the queue once by "Retry failed": a recipient is retried at most once. */
    retried: boolean('retried').notNull().default(false),
    /**
     * When (the sending process's wall clock) this row's call may start: set for the whole batch, with
     * its `dispatch_attempts` row, before the batch's first send. Compared with that attempt's
     * `send_through` when its lease runs out (see `dispatchAttempts`).
     */
    slotAt: timestampTz('slot_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('broadcast_recipients_key').on(t.broadcastId, t.contactId),
    foreignKey({ columns: [t.organizationId, t.broadcastId], foreignColumns: [broadcasts.organizationId, broadcasts.id] })
      .onDelete('cascade'),
    // No foreign key to contacts: recipients are only ever inserted from the organization's own contacts
    // (one INSERT … SELECT), contacts are only soft-deleted, and an organization's deletion cascades
    // through its broadcasts. Checking (and key-share locking) 100,000 contact rows would double the
    // time a large broadcast takes to create.
    index('broadcast_recipients_broadcast_state_idx').on(t.organizationId, t.broadcastId, t.state),
    // The dispatcher's two scans: due queued rows, and rows whose lease ran out mid-send.
    index('broadcast_recipients_due_idx').on(t.nextAttemptAt).where(sql`${t.state} = 'pending'`),
    index('broadcast_recipients_lease_idx').on(t.lockedUntil).where(sql`${t.state} = 'sending'`),
  ],
);

/**
 * One claimed batch (its `attempt_id`), written and committed before the batch's first send, with
 * `send_through`: the latest instant a call of the batch may start (a few seconds before its lease ends).
 * The rule: a row's call starts only once its `slot_at` (written right before the call, committed) is
 * at or before `send_through`. So when a lease runs out, a `sending` row without a wamid whose slot lies
 * beyond its attempt's `send_through` (or whose attempt row or slot was never written) was never handed
 * to Meta and goes back to the queue; any other is "unknown". Deleted when its batch settles; rows a
 * dead process left are swept a few leases later.
 */
export const dispatchAttempts = pgTable('dispatch_attempts', {
  attemptId: uuid('attempt_id').primaryKey(),
  sendThrough: timestampTz('send_through').notNull(),
});

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
    targetTagId: uuid('target_tag_id').references(() => tags.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.organizationId, t.broadcastId], foreignColumns: [broadcasts.organizationId, broadcasts.id] })
      .onDelete('cascade'),
    uniqueIndex('automation_rules_trigger_key').on(t.broadcastId, t.triggerId),
  ],
);

/**
 * Each press of a broadcast button, for analytics and idempotent automation: keyed by the press's own
 * wamid, so a replayed webhook records (and applies its rule) once, while a second press counts again.
 */
export const buttonClicks = pgTable(
  'button_clicks',
  {
    id: id(),
    organizationId: organizationId(),
    broadcastId: uuid('broadcast_id').notNull(),
    contactId: uuid('contact_id').notNull(),
    /** The broadcast message whose button was pressed. */
    messageId: uuid('message_id').notNull(),
    pressWamid: text('press_wamid').notNull(),
    triggerId: text('trigger_id'),
    buttonText: text('button_text').notNull(),
    actionType: text('action_type', { enum: AUTOMATION_ACTIONS }),
    assignedToUserId: uuid('assigned_to_user_id').references(() => users.id, { onDelete: 'set null' }),
    clickedAt: createdAt(),
  },
  (t) => [
    foreignKey({ columns: [t.organizationId, t.broadcastId], foreignColumns: [broadcasts.organizationId, broadcasts.id] })
      .onDelete('cascade'),
    uniqueIndex('button_clicks_press_key').on(t.organizationId, t.pressWamid),
    // Per contact too: a broadcast summary counts each recipient's presses.
    index('button_clicks_broadcast_idx').on(t.organizationId, t.broadcastId, t.contactId),
    // The assignment distribution reads only the presses whose rule gave the conversation to an agent.
    index('button_clicks_assigned_idx').on(t.organizationId, t.broadcastId).where(sql`${t.assignedToUserId} is not null`),
  ],
);

/**
 * The send pace of one phone number, shared by every Parley process: a send takes the slot
 * `next_slot_at = greatest(next_slot_at, now()) + 1 / rate` in one atomic update, so the pace holds
 * however many dispatchers run. Meta's 130429 slows the number down (`slowdown` > 1 stretches each
 * slot) until `slowdown_until`.
 */
export const sendBuckets = pgTable('send_buckets', {
  phoneNumberId: text('phone_number_id').primaryKey(),
  nextSlotAt: timestampTz('next_slot_at').notNull().defaultNow(),
  slowdown: doublePrecision('slowdown').notNull().default(1),
  slowdownUntil: timestampTz('slowdown_until'),
});
