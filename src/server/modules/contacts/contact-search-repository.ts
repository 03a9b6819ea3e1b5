import { and, desc, eq, ilike, isNotNull, like, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Contact } from '@shared/api/contacts';
import { CONTACT_SEARCH_MIN_CHARS, CONTACT_SEARCH_RESULT_LIMIT } from '@shared/constants';
import type { Database } from '../../db/database';
import { perDatabase } from '../../db/per-database';
import { contacts } from '../../db/schema';
import { contactViewColumns, toContact, type ContactViewRow } from './contact-view-repository';

/**
 * How many matches a search ranks at most (see searchQuery): twice the results it answers. Each
 * candidate is a row read from its own heap page, so this bounds what a common fragment costs.
 */
const SEARCH_CANDIDATES = 2 * CONTACT_SEARCH_RESULT_LIMIT;

const inOrganization = eq(contacts.organizationId, sql.placeholder('organizationId'));

/** LIKE treats % _ and \ specially; typed text must match literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** What typed search text looks for, LIKE-escaped: a fragment of the number, or of the name (or profile name). */
export type SearchTerm = { by: 'number'; fragment: string } | { by: 'name'; text: string };

/**
 * How search text reads: digits (spaces, '+', '-', brackets ignored; a leading trunk 0 dropped, as stored
 * numbers have none) look for the normalized number, anything else for the name.
 */
export function searchTerm(query: string): SearchTerm {
  const text = query.trim();
  const digits = text.replace(/[\s+\-().]/g, '');
  if (/^\d+$/.test(digits)) return { by: 'number', fragment: escapeLike(digits.replace(/^0+/, '')) };
  return { by: 'name', text: escapeLike(text) };
}

/** Contacts whose number (by: 'number') or name or WhatsApp profile name (by: 'name') contains the LIKE pattern. */
export function searchMatch(by: SearchTerm['by'], contains: string | Placeholder): SQL {
  return by === 'number' ? like(contacts.phoneE164, contains) : (or(ilike(contacts.name, contains), ilike(contacts.profileName, contains)) as SQL);
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

/** The name a search ranks by: the business's, else the WhatsApp profile name. */
const shownName = sql`coalesce(${contacts.name}, ${contacts.profileName})`;

/** The two searches, prepared: every keystroke past the third sends one. */
const searchQueries = {
  byNumber: perDatabase((db) =>
    searchQuery(db, searchMatch('number', CONTAINS), [desc(contacts.createdAt)]).prepare('contacts_search_by_number'),
  ),
  byName: perDatabase((db) =>
    searchQuery(db, searchMatch('name', CONTAINS), [
      sql`${shownName} ilike ${STARTS_WITH} desc`,
      sql`${shownName} asc`,
    ]).prepare('contacts_search_by_name'),
  ),
};

/**
 * Contacts whose name, WhatsApp profile name or number contains the text (see searchTerm), names
 * case-insensitively. Each goes through its trigram index. Results are capped, not paged: active before
 * deleted, then names (the business's, else the profile name) starting with the text, then by that name.
 */
export async function searchContacts(db: Database, organizationId: string, query: string): Promise<Contact[]> {
  const term = searchTerm(query);
  let rows: ContactViewRow[];
  if (term.by === 'number') {
    if (term.fragment.length < CONTACT_SEARCH_MIN_CHARS) return [];
    rows = await searchQueries.byNumber(db).execute({ organizationId, contains: `%${term.fragment}%` });
  } else {
    rows = await searchQueries.byName(db).execute({ organizationId, contains: `%${term.text}%`, startsWith: `${term.text}%` });
  }
  return rows.map(toContact);
}
