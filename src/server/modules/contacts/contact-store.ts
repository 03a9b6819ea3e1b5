import { and, count, desc, eq, ilike, isNotNull, like, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Contact, ContactPage } from '@shared/api/contacts';
import { CONTACT_SEARCH_MIN_CHARS, CONTACT_SEARCH_RESULT_LIMIT } from '@shared/constants';
import type { Database, Queryable } from '../../db/database';
import { perDatabase } from '../../db/per-database';
import { contacts } from '../../db/schema';
import { isUuid } from '../../lib/ids';
import { offsetOf, toPage, type PageRequest } from '../../lib/pagination';
import { ANCHOR_SPACING, listAnchor } from './contact-list-anchors';
import { contactTotal } from './contact-total';
import { contactViewColumns, toContact, type ContactRow, type ContactViewRow } from './contact-view';

export const CONTACT_NOT_FOUND = 'Contact not found';

/** How many matches a search ranks at most (see searchContacts). */
const SEARCH_CANDIDATES = 200;

/**
 * Newest first, spelled exactly as contacts_org_created_idx is built (DESC NULLS LAST; PostgreSQL's DESC
 * alone means NULLS FIRST, which would not match the index and sorts the whole organization instead).
 * Oldest first is the same index walked backwards.
 */
const NEWEST_FIRST = [sql`${contacts.createdAt} desc nulls last`, sql`${contacts.id} desc nulls last`];
const OLDEST_FIRST = [sql`${contacts.createdAt} asc nulls first`, sql`${contacts.id} asc nulls first`];

/**
 * `id = any(array(subquery))`: the ids are computed first (an InitPlan) and then looked up by key. With
 * `id in (subquery)` the planner may hash-join the ids against a scan of the whole organization.
 */
function idAmong(ids: SQLWrapper): SQL {
  return sql`${contacts.id} = any(array(${ids}))`;
}

/**
 * Where a page's rows sit in the newest-first list, as the index is cheapest to walk to them: an offset
 * costs one index entry per skipped row, so a page in the older half is counted from the oldest end.
 */
export function pageWalk(page: PageRequest, total: number): { fromOldest: boolean; offset: number; limit: number } {
  const offset = offsetOf(page);
  if (offset <= total / 2) return { fromOldest: false, offset, limit: page.limit };
  const end = Math.min(total, offset + page.limit);
  return { fromOldest: true, offset: total - end, limit: Math.max(0, end - offset) };
}

type Walk = ReturnType<typeof pageWalk>;

/**
 * A page of the contacts matching `where` (which must scope the organization), newest first, with their
 * tags and note counts, in one query: the page's ids come from an index-only walk of (organization,
 * created_at, id) from the given end, and only those rows are read. The organization and the walk may
 * be placeholders, for a prepared query.
 */
function pageRowsQuery(
  db: Queryable,
  organizationId: string | Placeholder,
  where: SQL,
  fromOldest: boolean,
  limit: number | Placeholder,
  offset: number | Placeholder,
) {
  const pageIds = db
    .select({ id: contacts.id })
    .from(contacts)
    .where(where)
    .orderBy(...(fromOldest ? OLDEST_FIRST : NEWEST_FIRST))
    .limit(limit)
    .offset(offset);
  return db
    .select(contactViewColumns)
    .from(contacts)
    .where(and(eq(contacts.organizationId, organizationId), idAmong(pageIds)))
    .orderBy(...NEWEST_FIRST);
}

/** One page of a list of `total` contacts, its rows read by `readPage` from the nearer end. */
async function pageOf(page: PageRequest, total: number, readPage: (walk: Walk) => Promise<ContactViewRow[]>): Promise<ContactPage> {
  const walk = pageWalk(page, total);
  const rows = walk.limit === 0 ? [] : await readPage(walk);
  return toPage(rows.map(toContact), page, total);
}

/** The contacts matching `where` (which must scope the organization), paged; the database counts the matches. */
export async function pageOfContacts(db: Queryable, organizationId: string, where: SQL, page: PageRequest): Promise<ContactPage> {
  const [{ n }] = await db.select({ n: count() }).from(contacts).where(where);
  return pageOf(page, n, ({ fromOldest, limit, offset }) => pageRowsQuery(db, organizationId, where, fromOldest, limit, offset));
}

const ORGANIZATION = sql.placeholder('organizationId');
const LIMIT = sql.placeholder('limit');
const OFFSET = sql.placeholder('offset');
const ANCHOR_CREATED_AT = sql.placeholder('anchorCreatedAt');
const ANCHOR_ID = sql.placeholder('anchorId');
const inOrganization = eq(contacts.organizationId, ORGANIZATION);
/** The Contacts screen's page, every request of it: prepared, near either end and from an anchor. */
const listPage = {
  newestFirst: perDatabase((db) =>
    pageRowsQuery(db, ORGANIZATION, inOrganization, false, LIMIT, OFFSET).prepare('contacts_page_newest_first'),
  ),
  oldestFirst: perDatabase((db) =>
    pageRowsQuery(db, ORGANIZATION, inOrganization, true, LIMIT, OFFSET).prepare('contacts_page_oldest_first'),
  ),
  fromAnchor: perDatabase((db) => {
    // A row comparison in the index's own order: the walk starts at the anchor's index entry.
    const atOrAfterAnchor = sql`(${contacts.createdAt}, ${contacts.id}) <= (${ANCHOR_CREATED_AT}::timestamptz, ${ANCHOR_ID}::uuid)`;
    return pageRowsQuery(db, ORGANIZATION, and(inOrganization, atOrAfterAnchor) as SQL, false, LIMIT, OFFSET).prepare('contacts_page_from_anchor');
  }),
};

/**
 * The Contacts screen's list: every contact of the organization, deleted ones too (struck through). Pages
 * near either end are walked to directly; a deeper one starts from the nearest anchor before it.
 */
export async function listContacts(db: Database, organizationId: string, page: PageRequest): Promise<ContactPage> {
  const total = await contactTotal(db, organizationId);
  return pageOf(page, total, async ({ fromOldest, limit, offset }) => {
    const anchor = offset >= ANCHOR_SPACING ? await listAnchor(db, organizationId, total, offsetOf(page)) : null;
    if (anchor) {
      const { key, skip } = anchor;
      return listPage.fromAnchor(db).execute({ organizationId, anchorCreatedAt: key.createdAt, anchorId: key.id, limit: page.limit, offset: skip });
    }
    return (fromOldest ? listPage.oldestFirst : listPage.newestFirst)(db).execute({ organizationId, limit, offset });
  });
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
  if (!isUuid(contactId)) return null;
  const [row] = await db
    .select(contactViewColumns)
    .from(contacts)
    .where(and(eq(contacts.organizationId, organizationId), eq(contacts.id, contactId)));
  return row ? toContact(row) : null;
}

/** LIKE treats % _ and \ specially; typed text must match literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const CONTAINS = sql.placeholder('contains');
const STARTS_WITH = sql.placeholder('startsWith');

/**
 * Up to CONTACT_SEARCH_RESULT_LIMIT contacts matching `match`, ranked. The trigram index finds the
 * candidates; a common three-letter fragment can match thousands, so only the first SEARCH_CANDIDATES
 * are ranked (typing more narrows the set and makes it exact). The candidates are whole rows, ranked
 * where they were read: only the 50 kept get their tags and note counts. The derived table is named
 * `contacts` because the view's columns and subqueries name the row that way.
 */
function searchQuery(db: Database, match: SQL, rank: SQL[]) {
  const candidates = db.select().from(contacts).where(and(inOrganization, match)).limit(SEARCH_CANDIDATES).as('contacts');
  return db
    .select(contactViewColumns)
    .from(candidates)
    .orderBy(isNotNull(contacts.deletedAt), ...rank, desc(contacts.id))
    .limit(CONTACT_SEARCH_RESULT_LIMIT);
}

/** The two searches, prepared: every keystroke past the third sends one. */
const searchQueries = {
  byNumber: perDatabase((db) =>
    searchQuery(db, like(contacts.phoneE164, CONTAINS), [desc(contacts.createdAt)]).prepare('contacts_search_by_number'),
  ),
  byName: perDatabase((db) =>
    searchQuery(db, ilike(contacts.name, CONTAINS), [sql`${contacts.name} ilike ${STARTS_WITH} desc`, sql`${contacts.name} asc`]).prepare(
      'contacts_search_by_name',
    ),
  ),
};

/**
 * Contacts whose name or number contains the text. A query of digits (spaces, '+', '-', brackets
 * ignored; a leading trunk 0 dropped, as stored numbers have none) matches the normalized number,
 * anything else the name, case-insensitively. Both go through trigram indexes. Results are capped,
 * not paged: active before deleted, then names starting with the text, then by name.
 */
export async function searchContacts(db: Database, organizationId: string, query: string): Promise<Contact[]> {
  const text = query.trim();
  const digits = text.replace(/[\s+\-().]/g, '');
  let rows: ContactViewRow[];
  if (/^\d+$/.test(digits)) {
    const fragment = digits.replace(/^0+/, '');
    if (fragment.length < CONTACT_SEARCH_MIN_CHARS) return [];
    rows = await searchQueries.byNumber(db).execute({ organizationId, contains: `%${escapeLike(fragment)}%` });
  } else {
    const escaped = escapeLike(text);
    rows = await searchQueries.byName(db).execute({ organizationId, contains: `%${escaped}%`, startsWith: `${escaped}%` });
  }
  return rows.map(toContact);
}
