import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, organizationId, updatedAt } from './columns';
import { organizations, users } from './organizations';

/**
 * Canned responses: a team's ready-made replies, inserted in the composer by typing '/' and the
 * shortcut. A shortcut is unique per organization in any case ('Greet' and 'greet' are one), and the
 * same index serves the list, ordered by lower(shortcut).
 */
export const cannedResponses = pgTable(
  'canned_responses',
  {
    id: id(),
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    shortcut: text('shortcut').notNull(),
    content: text('content').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('canned_responses_org_shortcut_key').on(t.organizationId, sql`lower(${t.shortcut})`)],
);
