import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, organizationId, timestampTz, updatedAt } from './columns';
import { organizations } from './organizations';

/**
 * One WhatsApp Business configuration per organization. The access token is stored encrypted
 * (AES-256-GCM); `phone_number_id` is unique because webhooks are routed to an organization by it.
 */
export const whatsappConfigs = pgTable('whatsapp_configs', {
  organizationId: uuid('organization_id')
    .primaryKey()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  accessTokenEncrypted: text('access_token_encrypted').notNull(),
  phoneNumberId: text('phone_number_id').notNull().unique(),
  businessAccountId: text('business_account_id').notNull(),
  webhookVerifyToken: text('webhook_verify_token').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  /** Broadcast pace of this number (Meta's throughput tier: 80 by default, up to 1,000). */
  messagesPerSecond: integer('messages_per_second').notNull().default(80),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Templates as last synced from the WhatsApp Business Account. */
export const messageTemplates = pgTable(
  'message_templates',
  {
    id: id(),
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    externalId: text('external_id').notNull(),
    name: text('name').notNull(),
    language: text('language').notNull(),
    status: text('status').notNull(),
    category: text('category').notNull(),
    components: jsonb('components').notNull(),
    syncedAt: timestampTz('synced_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('message_templates_org_name_lang_key').on(t.organizationId, t.name, t.language),
    index('message_templates_org_status_idx').on(t.organizationId, t.status),
  ],
);

/**
 * The webhook inbox: every signed POST is stored before it is answered, then processed by a worker.
 * Events holding inbound messages go first (`priority` 0, statuses-only 1), so a customer's words never
 * wait behind a status burst. Failed processing is retried with backoff (`next_attempt_at`, also the
 * claim lease); after too many attempts the event is dead-lettered (`dead_at`), never dropped.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: id(),
    receivedAt: createdAt(),
    payload: jsonb('payload').notNull(),
    priority: smallint('priority').notNull().default(1),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestampTz('next_attempt_at').notNull().defaultNow(),
    processedAt: timestampTz('processed_at'),
    deadAt: timestampTz('dead_at'),
    lastError: text('last_error'),
  },
  (t) => [
    index('webhook_events_due_idx')
      .on(t.priority, t.nextAttemptAt)
      .where(sql`${t.processedAt} is null and ${t.deadAt} is null`),
  ],
);
