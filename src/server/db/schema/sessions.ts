import { index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, organizationId, timestampTz } from './columns';
import { organizations, users } from './organizations';

/** Server-side sessions. The id is the SHA-256 of the cookie's random token, so a leaked table grants nothing. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestampTz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestampTz('expires_at').notNull(),
    /** The browser's User-Agent at sign-in, so a member can tell their sessions apart. */
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * One-time password reset links. The id is the SHA-256 of the link's token, so the table never holds a
 * usable link; a row is deleted when it is used, and every row of a user when their password changes.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestampTz('expires_at').notNull(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** Failure counters for login and signup throttling, shared by every server process through the database. */
export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStartedAt: timestampTz('window_started_at').notNull().defaultNow(),
  blockedUntil: timestampTz('blocked_until'),
});
