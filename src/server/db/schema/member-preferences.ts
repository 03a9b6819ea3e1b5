import { boolean, pgTable, uuid } from 'drizzle-orm/pg-core';
import { organizationId, updatedAt } from './columns';
import { oneRowPerMember } from './organizations';

/**
 * What a member wants to be told of, in any of their browsers: a sound and a desktop notification for a
 * new inbound message. A member without a row has the defaults (sound on, notifications off until they
 * turn them on, since the browser must be asked first). The row goes with the membership.
 */
export const memberPreferences = pgTable(
  'member_preferences',
  {
    userId: uuid('user_id').notNull(),
    organizationId: organizationId(),
    sound: boolean('sound').notNull().default(true),
    desktopNotifications: boolean('desktop_notifications').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => oneRowPerMember(t),
);
