import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, organizationId, timestampTz } from './columns';
import { organizations } from './organizations';

/**
 * Mail waiting to leave, written in the transaction that causes it and sent by the outbox job. The
 * link a message carries is kept only encrypted (`secret`), and the bodies and the secret are cleared
 * once the message is sent; what stays (kind, recipient, when) is what the daily caps count.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    /** The organization the mail speaks for (a member's own account mail: theirs). */
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    /** Lower-cased. */
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body'),
    htmlBody: text('html_body'),
    /** The link the bodies carry, encrypted with PARLEY_ENCRYPTION_KEY; the bodies hold a placeholder. */
    secret: text('secret'),
    /** Sent with every attempt, so a receiving server can recognise a repeat. */
    messageId: text('message_id').notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestampTz('next_attempt_at').notNull().defaultNow(),
    sentAt: timestampTz('sent_at'),
    deadAt: timestampTz('dead_at'),
    lastError: text('last_error'),
    createdAt: createdAt(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.sentAt} is null and ${t.deadAt} is null`),
    index('mail_outbox_recipient_idx').on(t.recipient, t.kind, t.createdAt),
    index('mail_outbox_organization_idx').on(t.organizationId, t.kind, t.createdAt),
    // What the retention prune walks: sent and given-up messages by age.
    index('mail_outbox_sent_idx').on(t.sentAt).where(sql`${t.sentAt} is not null`),
    index('mail_outbox_dead_idx').on(t.deadAt).where(sql`${t.deadAt} is not null`),
  ],
);
