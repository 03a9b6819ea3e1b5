import { and, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { contacts } from '../../db/schema';

/** The contacts export's reads: the organization's live contacts in keyset pages. */

/** A contact's place in the newest-first order; created_at as PostgreSQL's text, which keeps its microseconds. */
export interface ExportKey {
  createdAt: string;
  id: string;
}

/** What the export writes of a contact, and where it sits in the walk. */
export interface ExportedContactRow {
  key: ExportKey;
  name: string | null;
  countryCode: string;
  phoneNumber: string;
}

/**
 * The next `limit` live contacts matching `filter` (conditions on contacts, or none) after `after`,
 * newest first, walked along contacts_org_created_idx: each page starts where the last one ended, so
 * every page costs the same however deep the walk is, and contacts added meanwhile never shift it.
 */
export async function exportedContactsAfter(
  db: Queryable,
  organizationId: string,
  filter: SQL | undefined,
  after: ExportKey | null,
  limit: number,
): Promise<ExportedContactRow[]> {
  const afterKey = after ? sql`(${contacts.createdAt}, ${contacts.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined;
  const rows = await db
    .select({
      createdAt: sql<string>`${contacts.createdAt}::text`,
      id: contacts.id,
      name: contacts.name,
      countryCode: contacts.countryCode,
      phoneNumber: contacts.phoneNumber,
    })
    .from(contacts)
    .where(and(eq(contacts.organizationId, organizationId), isNull(contacts.deletedAt), filter, afterKey))
    .orderBy(sql`${contacts.createdAt} desc nulls last`, sql`${contacts.id} desc nulls last`)
    .limit(limit);
  return rows.map(({ createdAt, id, ...contact }) => ({ key: { createdAt, id }, ...contact }));
}
