import { and, count, desc, eq, ilike, isNotNull, like, sql, type SQL } from 'drizzle-orm';
import type { Contact, ContactPage } from '@shared/api/contacts';
import { CONTACT_SEARCH_MIN_CHARS, CONTACT_SEARCH_RESULT_LIMIT } from '@shared/constants';
import type { Queryable } from '../../db/database';
import { contacts } from '../../db/schema';
import { isUuid } from '../../lib/ids';
import { offsetOf, toPage, type PageRequest } from '../../lib/pagination';
import { contactRowsInOrder, toContactViews, type ContactRow } from './contact-view';

export const CONTACT_NOT_FOUND = 'Contact not found';

/**
 * One page of the contacts matching `where` (which must scope the organization), newest first. The
 * page's ids come from an index-only walk of (organization, created_at, id), so a deep page skips index
 * entries rather than whole rows; the total is the database's count.
 */
export async function pageOfContacts(db: Queryable, organizationId: string, where: SQL, page: PageRequest): Promise<ContactPage> {
  const [[{ total }], idRows] = await Promise.all([
    db.select({ total: count() }).from(contacts).where(where),
    db
      .select({ id: contacts.id })
      .from(contacts)
      .where(where)
      .orderBy(desc(contacts.createdAt), desc(contacts.id))
      .limit(page.limit)
      .offset(offsetOf(page)),
  ]);
  const rows = await contactRowsInOrder(db, organizationId, idRows.map((row) => row.id));
  return toPage(await toContactViews(db, organizationId, rows), page, Number(total));
}

/** The Contacts screen's list: every contact of the organization, deleted ones too (struck through). */
export async function listContacts(db: Queryable, organizationId: string, page: PageRequest): Promise<ContactPage> {
  return pageOfContacts(db, organizationId, eq(contacts.organizationId, organizationId), page);
}

/** A contact of the organization (deleted or not), or null: a foreign id and a missing one look the same. */
export async function findContactRow(db: Queryable, organizationId: string, contactId: string): Promise<ContactRow | null> {
  if (!isUuid(contactId)) return null;
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.organizationId, organizationId), eq(contacts.id, contactId)));
  return row ?? null;
}

export async function findContact(db: Queryable, organizationId: string, contactId: string): Promise<Contact | null> {
  const row = await findContactRow(db, organizationId, contactId);
  return row ? (await toContactViews(db, organizationId, [row]))[0] : null;
}

/** LIKE treats % _ and \ specially; typed text must match literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * Contacts whose name or number contains the text. A query of digits (spaces, '+', '-', brackets
 * ignored; a leading trunk 0 dropped, as stored numbers have none) matches the normalized number,
 * anything else the name, case-insensitively. Both go through trigram indexes. Results are capped,
 * not paged: active before deleted, then names starting with the text, then by name.
 */
export async function searchContacts(db: Queryable, organizationId: string, query: string): Promise<Contact[]> {
  const text = query.trim();
  const digits = text.replace(/[\s+\-().]/g, '');
  let match: SQL | undefined;
  let rank: SQL[];
  if (/^\d+$/.test(digits)) {
    const fragment = digits.replace(/^0+/, '');
    match = fragment.length >= CONTACT_SEARCH_MIN_CHARS ? like(contacts.phoneE164, `%${escapeLike(fragment)}%`) : undefined;
    rank = [desc(contacts.createdAt)];
  } else {
    match = ilike(contacts.name, `%${escapeLike(text)}%`);
    rank = [sql`${contacts.name} ilike ${`${escapeLike(text)}%`} desc`, sql`${contacts.name} asc`];
  }
  if (!match) return [];
  const rows = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.organizationId, organizationId), match))
    .orderBy(isNotNull(contacts.deletedAt), ...rank, desc(contacts.id))
    .limit(CONTACT_SEARCH_RESULT_LIMIT);
  return toContactViews(db, organizationId, rows);
}
