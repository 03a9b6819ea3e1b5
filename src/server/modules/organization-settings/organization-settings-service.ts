import {
  DEFAULT_ORGANIZATION_SETTINGS, type OrganizationSettingChangePage, type OrganizationSettings, type OrganizationSettingsPatch,
} from '@shared/api/organization-settings';
import { normalizeKeyword } from '@shared/opt-out/opt-out';
import type { Queryable } from '../../db/database';
import type { PageRequest } from '../../lib/pagination';
import {
  findSettings, insertChanges, listChanges, lockSettings, updateSettings, type ChangeRecord, type SettingsRow,
} from './organization-settings-repository';

function toSettings(row: SettingsRow | null): OrganizationSettings {
  if (!row) return { ...DEFAULT_ORGANIZATION_SETTINGS, autoAssign: { ...DEFAULT_ORGANIZATION_SETTINGS.autoAssign }, optOutKeywords: [] };
  return {
    readReceipts: row.readReceiptsEnabled,
    autoAssign: { enabled: row.autoAssignEnabled, cap: row.autoAssignCap },
    timeZone: row.timeZone,
    optOutKeywords: row.optOutKeywords,
  };
}

/**
 * The organization's settings, the defaults while it has saved none. Takes the database or an open
 * transaction, so a caller deciding inside one (auto-assignment) reads them in it.
 */
export async function readOrganizationSettings(db: Queryable, organizationId: string): Promise<OrganizationSettings> {
  return toSettings(await findSettings(db, organizationId));
}

/** The settings after the patch: what it leaves out keeps its value. */
function applyPatch(current: OrganizationSettings, patch: OrganizationSettingsPatch): OrganizationSettings {
  return {
    readReceipts: patch.readReceipts ?? current.readReceipts,
    autoAssign: {
      enabled: patch.autoAssign?.enabled ?? current.autoAssign.enabled,
      cap: patch.autoAssign?.cap ?? current.autoAssign.cap,
    },
    timeZone: patch.timeZone ?? current.timeZone,
    optOutKeywords: patch.optOutKeywords ? uniqueKeywords(patch.optOutKeywords) : current.optOutKeywords,
  };
}

/** Each keyword once, as typed the first time (STOP and stop are one keyword). */
function uniqueKeywords(keywords: readonly string[]): string[] {
  const seen = new Set<string>();
  return keywords.filter((keyword) => {
    const key = normalizeKeyword(keyword);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** One log entry per setting whose value moved. */
function changesBetween(before: OrganizationSettings, after: OrganizationSettings): ChangeRecord[] {
  const pairs: ChangeRecord[] = [
    { setting: 'readReceipts', oldValue: before.readReceipts, newValue: after.readReceipts },
    { setting: 'autoAssign.enabled', oldValue: before.autoAssign.enabled, newValue: after.autoAssign.enabled },
    { setting: 'autoAssign.cap', oldValue: before.autoAssign.cap, newValue: after.autoAssign.cap },
    { setting: 'timeZone', oldValue: before.timeZone, newValue: after.timeZone },
    // The log keeps scalar values: a keyword list is logged as the text the form shows.
    { setting: 'optOutKeywords', oldValue: before.optOutKeywords.join(', '), newValue: after.optOutKeywords.join(', ') },
  ];
  return pairs.filter((pair) => pair.oldValue !== pair.newValue);
}

/** Saves the patch and logs each setting it changed, with the member who changed it, in one transaction. */
export async function updateOrganizationSettings(
  db: Queryable,
  organizationId: string,
  userId: string,
  patch: OrganizationSettingsPatch,
): Promise<OrganizationSettings> {
  return db.transaction(async (tx) => {
    const before = toSettings(await lockSettings(tx, organizationId));
    const after = applyPatch(before, patch);
    const changes = changesBetween(before, after);
    if (changes.length === 0) return before;
    await updateSettings(tx, organizationId, {
      readReceiptsEnabled: after.readReceipts,
      autoAssignEnabled: after.autoAssign.enabled,
      autoAssignCap: after.autoAssign.cap,
      timeZone: after.timeZone,
      optOutKeywords: after.optOutKeywords,
    });
    await insertChanges(tx, organizationId, userId, changes);
    return after;
  });
}

export function listOrganizationSettingChanges(
  db: Queryable,
  organizationId: string,
  page: PageRequest,
): Promise<OrganizationSettingChangePage> {
  return listChanges(db, organizationId, page);
}
