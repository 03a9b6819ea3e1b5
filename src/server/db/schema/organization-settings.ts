import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { organizationId, timestampTz, updatedAt } from './columns';
import { organizations, users } from './organizations';

/**
 * One row per organization once a setting was changed; an organization without a row has the defaults
 * (read receipts on, auto-assignment off with a cap of 10, UTC), so no backfill is needed.
 */
export const organizationSettings = pgTable(
  'organization_settings',
  {
    organizationId: organizationId()
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    readReceiptsEnabled: boolean('read_receipts_enabled').notNull().default(true),
    autoAssignEnabled: boolean('auto_assign_enabled').notNull().default(false),
    autoAssignCap: integer('auto_assign_cap').notNull().default(10),
    /** An IANA zone name ('Europe/Berlin'); the supervisors' reports count days in it. */
    timeZone: text('time_zone').notNull().default('UTC'),
    /** The organization's own opt-out keywords, beside STOP and UNSUBSCRIBE (compared case- and space-insensitively). */
    optOutKeywords: text('opt_out_keywords').array().notNull().default(sql`'{}'::text[]`),
    updatedAt: updatedAt(),
  },
  (t) => [check('organization_settings_auto_assign_cap_range', sql`${t.autoAssignCap} between 1 and 500`)],
);

/** Who changed which organization setting, from what to what: one row per changed field. */
export const organizationSettingChanges = pgTable(
  'organization_setting_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    organizationId: organizationId().references(() => organizations.id, { onDelete: 'cascade' }),
    changedByUserId: uuid('changed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    setting: text('setting').notNull(),
    oldValue: jsonb('old_value').notNull(),
    newValue: jsonb('new_value').notNull(),
    changedAt: timestampTz('changed_at').notNull().defaultNow(),
  },
  // Plain `desc` (nulls first, as `order by ... desc` has it): the log is read newest first.
  (t) => [index('organization_setting_changes_org_time_idx').on(t.organizationId, sql`${t.changedAt} desc`, sql`${t.id} desc`)],
);
