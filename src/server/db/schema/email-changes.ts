import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, timestampTz } from './columns';
import { users } from './organizations';

/**
 * Email address changes waiting for their confirmation link to be opened. The id is the SHA-256 of the
 * link's token, so the table never holds a usable link; a row is deleted when it is used, and a user's
 * rows when they ask again or their address changes.
 */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    newEmail: text('new_email').notNull(),
    createdAt: createdAt(),
    expiresAt: timestampTz('expires_at').notNull(),
  },
  (t) => [index('email_changes_user_idx').on(t.userId)],
);
