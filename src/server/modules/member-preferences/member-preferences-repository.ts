import { and, eq } from 'drizzle-orm';
import type { MemberPreferences, MemberPreferencesChange } from '@shared/api/member-preferences';
import type { Queryable } from '../../db/database';
import { memberPreferences } from '../../db/schema';

/** The member preferences repository owns member_preferences. */

const switches = { sound: memberPreferences.sound, desktopNotifications: memberPreferences.desktopNotifications };

/** The member's stored switches, or null when they never changed any. */
export async function findMemberPreferences(db: Queryable, organizationId: string, userId: string): Promise<MemberPreferences | null> {
  const [row] = await db
    .select(switches)
    .from(memberPreferences)
    .where(and(eq(memberPreferences.organizationId, organizationId), eq(memberPreferences.userId, userId)));
  return row ?? null;
}

/** Writes the switches sent, in one statement: a first change stores the rest at their defaults. */
export async function saveMemberPreferences(
  db: Queryable,
  organizationId: string,
  userId: string,
  change: MemberPreferencesChange,
): Promise<MemberPreferences> {
  const [row] = await db
    .insert(memberPreferences)
    .values({ organizationId, userId, ...change })
    .onConflictDoUpdate({
      target: [memberPreferences.organizationId, memberPreferences.userId],
      set: { ...change, updatedAt: new Date() },
    })
    .returning(switches);
  return row;
}
