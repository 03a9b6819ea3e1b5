import type { Paginated } from './pagination';

/** The organization's settings (Settings → Organization); an organization that never saved any has the defaults. */
export interface OrganizationSettings {
  /** Parley marks the newest unread customer message read at Meta when a member opens the conversation. */
  readReceipts: boolean;
  /** New and reopened conversations go round-robin to available members holding fewer than `cap` open ones. */
  autoAssign: { enabled: boolean; cap: number };
  /** An IANA zone name: the day boundaries of the organization's reports. */
  timeZone: string;
  /** The organization's own opt-out keywords, beside STOP and UNSUBSCRIBE (src/shared/opt-out). */
  optOutKeywords: string[];
}

export const DEFAULT_ORGANIZATION_SETTINGS: OrganizationSettings = {
  readReceipts: true,
  autoAssign: { enabled: false, cap: 10 },
  timeZone: 'UTC',
  optOutKeywords: [],
};

/** PATCH /organization/settings: any part of the settings; what is left out keeps its value. */
export type { OrganizationSettingsPatch } from '../validation/organization-settings';

/** The name a change log entry gives the setting it changed. */
export const ORGANIZATION_SETTING_NAMES = ['readReceipts', 'autoAssign.enabled', 'autoAssign.cap', 'timeZone', 'optOutKeywords'] as const;
export type OrganizationSettingName = (typeof ORGANIZATION_SETTING_NAMES)[number];

export type OrganizationSettingValue = boolean | number | string;

/** One changed setting, with who changed it (null once that member's account is gone). */
export interface OrganizationSettingChange {
  id: string;
  setting: OrganizationSettingName;
  oldValue: OrganizationSettingValue;
  newValue: OrganizationSettingValue;
  changedAt: string;
  changedBy: { id: string; name: string } | null;
}

/** GET /organization/settings/changes: newest first. */
export type OrganizationSettingChangePage = Paginated<OrganizationSettingChange>;
