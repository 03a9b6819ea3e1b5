import { sql } from 'drizzle-orm';
import { check, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { organizationId, timestampTz, updatedAt } from './columns';
import { oneRowPerMember } from './organizations';
import { AVAILABILITIES } from '../../../shared/api/availability';

/**
 * Whether a member takes new conversations from auto-assignment: their Available / Away switch, when
 * their live stream was last seen (any process writes it, so "no stream for 5 minutes" holds across
 * processes), and when auto-assignment last gave them a conversation (the round-robin's order). A
 * member without a row is Available, never seen and never auto-assigned. The row goes with the membership.
 */
export const memberPresence = pgTable(
  'member_presence',
  {
    organizationId: organizationId(),
    userId: uuid('user_id').notNull(),
    availability: text('availability', { enum: AVAILABILITIES }).notNull().default('available'),
    lastStreamSeenAt: timestampTz('last_stream_seen_at'),
    lastAutoAssignedAt: timestampTz('last_auto_assigned_at'),
    updatedAt: updatedAt(),
  },
  (t) => [
    ...oneRowPerMember(t),
    check('member_presence_availability', sql`${t.availability} in ('available', 'away')`),
  ],
);
