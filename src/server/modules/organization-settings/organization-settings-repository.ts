import { count, desc, eq, sql } from 'drizzle-orm';
import type {
  OrganizationSettingChange, OrganizationSettingChangePage, OrganizationSettingName, OrganizationSettingValue,
} from '@shared/api/organization-settings';
import type { Queryable } from '../../db/database';
import { organizationSettingChanges, organizationSettings, users } from '../../db/schema';
import { offsetOf, toPage, type PageRequest } from '../../lib/pagination';

/** The organization settings repository owns organization_settings and organization_setting_changes. */

export type SettingsRow = typeof organizationSettings.$inferSelect;
export type SettingsValues = Pick<SettingsRow, 'readReceiptsEnabled' | 'autoAssignEnabled' | 'autoAssignCap' | 'timeZone' | 'optOutKeywords'>;

/** The organization's stored settings, or null while it has never changed one (the defaults apply). */
export async function findSettings(db: Queryable, organizationId: string): Promise<SettingsRow | null> {
  const [row] = await db.select().from(organizationSettings).where(eq(organizationSettings.organizationId, organizationId));
  return row ?? null;
}

/**
 * The organization's settings row, created with the defaults when missing, locked until the transaction
 * ends: two saves at once each log the value the other left, never the same old value twice.
 */
export async function lockSettings(db: Queryable, organizationId: string): Promise<SettingsRow> {
  await db.insert(organizationSettings).values({ organizationId }).onConflictDoNothing();
  const [row] = await db
    .select()
    .from(organizationSettings)
    .where(eq(organizationSettings.organizationId, organizationId))
    .for('update');
  return row;
}

export async function updateSettings(db: Queryable, organizationId: string, values: SettingsValues): Promise<SettingsRow> {
  const [row] = await db
    .update(organizationSettings)
    .set(values)
    .where(eq(organizationSettings.organizationId, organizationId))
    .returning();
  return row;
}

export interface ChangeRecord {
  setting: OrganizationSettingName;
  oldValue: OrganizationSettingValue;
  newValue: OrganizationSettingValue;
}

export async function insertChanges(
  db: Queryable,
  organizationId: string,
  changedByUserId: string,
  changes: readonly ChangeRecord[],
): Promise<void> {
  if (changes.length === 0) return;
  await db.insert(organizationSettingChanges).values(changes.map((change) => ({ organizationId, changedByUserId, ...change })));
}

/** A page of the organization's change log, newest first (the org/time index serves the order). */
export async function listChanges(
  db: Queryable,
  organizationId: string,
  page: PageRequest,
): Promise<OrganizationSettingChangePage> {
  const where = eq(organizationSettingChanges.organizationId, organizationId);
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(organizationSettingChanges).where(where),
    db
      .select({
        id: organizationSettingChanges.id,
        setting: organizationSettingChanges.setting,
        oldValue: organizationSettingChanges.oldValue,
        newValue: organizationSettingChanges.newValue,
        changedAt: organizationSettingChanges.changedAt,
        changedById: users.id,
        changedByName: users.name,
      })
      .from(organizationSettingChanges)
      .leftJoin(users, eq(users.id, organizationSettingChanges.changedByUserId))
      .where(where)
      .orderBy(sql`${organizationSettingChanges.changedAt} desc`, desc(organizationSettingChanges.id))
      .limit(page.limit)
      .offset(offsetOf(page)),
  ]);
  const data = rows.map((row): OrganizationSettingChange => ({
    id: String(row.id),
    setting: row.setting as OrganizationSettingName,
    oldValue: row.oldValue as OrganizationSettingValue,
    newValue: row.newValue as OrganizationSettingValue,
    changedAt: row.changedAt.toISOString(),
    changedBy: row.changedById && row.changedByName !== null ? { id: row.changedById, name: row.changedByName } : null,
  }));
  return toPage(data, page, Number(total));
}
