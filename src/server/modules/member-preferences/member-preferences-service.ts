import { DEFAULT_MEMBER_PREFERENCES, type MemberPreferences, type MemberPreferencesChange } from '@shared/api/member-preferences';
import type { Queryable } from '../../db/database';
import { findMemberPreferences, saveMemberPreferences } from './member-preferences-repository';

/** Each member's own switches: the session names the member, so nobody reads or changes another's. */

export async function readMemberPreferences(db: Queryable, organizationId: string, userId: string): Promise<MemberPreferences> {
  return (await findMemberPreferences(db, organizationId, userId)) ?? DEFAULT_MEMBER_PREFERENCES;
}

export function changeMemberPreferences(
  db: Queryable,
  organizationId: string,
  userId: string,
  change: MemberPreferencesChange,
): Promise<MemberPreferences> {
  return saveMemberPreferences(db, organizationId, userId, change);
}
