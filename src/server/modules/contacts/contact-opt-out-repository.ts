import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { OptOutSource } from '@shared/opt-out/opt-out';
import type { Queryable } from '../../db/database';
import { contacts } from '../../db/schema';

/** The contacts table's opt-out columns (the contacts module owns the table). */

/** Who a change names: the organization's contacts by id, or by number (a webhook knows only the number). */
export type ContactKeys = { ids: readonly string[] } | { phones: readonly string[] };

function named(organizationId: string, keys: ContactKeys) {
  const match = 'ids' in keys ? inArray(contacts.id, [...keys.ids]) : inArray(contacts.phoneE164, [...keys.phones]);
  return and(eq(contacts.organizationId, organizationId), match);
}

const hasKeys = (keys: ContactKeys) => ('ids' in keys ? keys.ids.length : keys.phones.length) > 0;

/** Opts the named contacts out; answers the ids of those not opted out before (already opted out ones keep their first source). */
export async function setOptedOut(db: Queryable, organizationId: string, keys: ContactKeys, source: OptOutSource): Promise<string[]> {
  if (!hasKeys(keys)) return [];
  const rows = await db
    .update(contacts)
    .set({ optedOutAt: sql`now()`, optOutSource: source })
    .where(and(named(organizationId, keys), isNull(contacts.optedOutAt)))
    .returning({ id: contacts.id });
  return rows.map((row) => row.id);
}

/** Clears the named contacts' opt-out; answers the ids of those that were opted out. */
export async function clearOptedOut(db: Queryable, organizationId: string, keys: ContactKeys): Promise<string[]> {
  if (!hasKeys(keys)) return [];
  const rows = await db
    .update(contacts)
    .set({ optedOutAt: null, optOutSource: null })
    .where(and(named(organizationId, keys), isNotNull(contacts.optedOutAt)))
    .returning({ id: contacts.id });
  return rows.map((row) => row.id);
}

/** Which of these contacts are opted out now. */
export async function optedOutAmong(db: Queryable, organizationId: string, contactIds: readonly string[]): Promise<Set<string>> {
  if (contactIds.length === 0) return new Set();
  const rows = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(named(organizationId, { ids: contactIds }), isNotNull(contacts.optedOutAt)));
  return new Set(rows.map((row) => row.id));
}
