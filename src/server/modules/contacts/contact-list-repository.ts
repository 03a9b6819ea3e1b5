import { and, count, eq, isNull, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { ContactPage } from '@shared/api/contacts';
import type { Database, Queryable } from '../../db/database';
import { perDatabase } from '../../db/per-database';
import { contacts } from '../../db/schema';
import { offsetOf, toPage, type PageRequest } from '../../lib/pagination';
import { carriesAnyTag } from '../tags';
import { ANCHOR_SPACING, listAnchor } from './contact-list-anchors-repository';
import { contactTotal } from './contact-total-repository';
import { contactViewColumns, toContact, type ContactViewRow } from './contact-view-repository';

/** Pages of contacts, newest first: the Contacts screen's list and a tag audience. */

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
function pageWalk(page: PageRequest, total: number): { fromOldest: boolean; offset: number; limit: number } {
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
async function pageOfContacts(db: Queryable, organizationId: string, where: SQL, page: PageRequest): Promise<ContactPage> {
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

/** The (not deleted) contacts carrying any of these tags (the caller has checked they are the organization's), each once. */
export async function listLiveContactsCarrying(db: Queryable, organizationId: string, tagIds: readonly string[], page: PageRequest): Promise<ContactPage> {
  const where = and(eq(contacts.organizationId, organizationId), isNull(contacts.deletedAt), carriesAnyTag(tagIds)) as SQL;
  return pageOfContacts(db, organizationId, where, page);
}
