import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ContactNote, ContactNotePage, NoteCredit } from '@shared/api/notes';
import type { Queryable } from '../../db/database';
import { contactNotes, users } from '../../db/schema';
import { isUuid, uuidv7 } from '../../lib/ids';
import { offsetOf, toPage, type PageRequest } from '../../lib/pagination';

/** The timeline repository owns contact_notes: what people wrote about a contact and the system's activity entries. */

const entryColumns = {
  id: contactNotes.id,
  contactId: contactNotes.contactId,
  userId: contactNotes.authorUserId,
  userName: users.name,
  content: contactNotes.content,
  type: contactNotes.type,
  credit: contactNotes.credit,
  createdAt: contactNotes.createdAt,
  updatedAt: contactNotes.updatedAt,
};

interface EntryRow {
  id: string;
  contactId: string;
  userId: string | null;
  userName: string | null;
  content: string;
  type: ContactNote['type'];
  credit: NoteCredit | null;
  createdAt: Date;
  updatedAt: Date;
}

function toEntry(row: EntryRow): ContactNote {
  return {
    id: row.id,
    contactId: row.contactId,
    userId: row.userId,
    user: row.userName === null ? null : { name: row.userName },
    credit: row.credit,
    content: row.content,
    type: row.type,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function ofContact(organizationId: string, contactId: string) {
  return and(eq(contactNotes.organizationId, organizationId), eq(contactNotes.contactId, contactId));
}

/** A contact's timeline, newest first. */
export async function listEntries(db: Queryable, organizationId: string, contactId: string, page: PageRequest): Promise<ContactNotePage> {
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(contactNotes).where(ofContact(organizationId, contactId)),
    db
      .select(entryColumns)
      .from(contactNotes)
      .leftJoin(users, eq(users.id, contactNotes.authorUserId))
      .where(ofContact(organizationId, contactId))
      .orderBy(desc(contactNotes.createdAt), desc(contactNotes.id))
      .limit(page.limit)
      .offset(offsetOf(page)),
  ]);
  return toPage(rows.map(toEntry), page, Number(total));
}

/** One entry of the contact's timeline, or null (also for an id that is not an id). */
export async function findEntry(db: Queryable, organizationId: string, contactId: string, entryId: string): Promise<ContactNote | null> {
  if (!isUuid(entryId)) return null;
  const [row] = await db
    .select(entryColumns)
    .from(contactNotes)
    .leftJoin(users, eq(users.id, contactNotes.authorUserId))
    .where(and(ofContact(organizationId, contactId), eq(contactNotes.id, entryId)));
  return row ? toEntry(row) : null;
}

export async function insertNote(
  db: Queryable,
  { organizationId, contactId, authorUserId, content }: { organizationId: string; contactId: string; authorUserId: string; content: string },
): Promise<string> {
  const [created] = await db
    .insert(contactNotes)
    .values({ organizationId, contactId, authorUserId, type: 'note', content })
    .returning({ id: contactNotes.id });
  return created.id;
}

export async function updateEntryContent(db: Queryable, entryId: string, content: string): Promise<void> {
  await db.update(contactNotes).set({ content }).where(eq(contactNotes.id, entryId));
}

export async function deleteEntry(db: Queryable, entryId: string): Promise<void> {
  await db.delete(contactNotes).where(eq(contactNotes.id, entryId));
}

/**
 * An activity entry: who caused it (null when no member did), what happened, and whom it is credited
 * to when that is not a member. Without a member it is Parley's unless `credit` says WhatsApp's.
 */
export interface SystemEntry {
  organizationId: string;
  contactId: string;
  userId: string | null;
  credit?: NoteCredit;
  content: string;
}

function creditOf({ userId, credit }: Pick<SystemEntry, 'userId' | 'credit'>): NoteCredit | null {
  return credit ?? (userId === null ? 'parley' : null);
}

export async function insertSystemEntry(db: Queryable, entry: SystemEntry): Promise<void> {
  const { organizationId, contactId, userId, content } = entry;
  await db.insert(contactNotes).values({ organizationId, contactId, authorUserId: userId, type: 'system', credit: creditOf(entry), content });
}

/** The same activity entry on many contacts, in one statement however many there are. */
export async function insertSystemEntries(
  db: Queryable,
  entry: Omit<SystemEntry, 'contactId'> & { contactIds: readonly string[] },
): Promise<void> {
  const { organizationId, contactIds, userId, content } = entry;
  if (contactIds.length === 0) return;
  const entryIds = contactIds.map(() => uuidv7());
  await db.execute(sql`
    insert into ${contactNotes} (id, organization_id, contact_id, author_user_id, type, credit, content)
    select entry_id, ${organizationId}::uuid, contact_id, ${userId}::uuid, 'system', ${creditOf(entry)}::text, ${content}::text
    from unnest(${sql.param(entryIds)}::uuid[], ${sql.param([...contactIds])}::uuid[]) as n(entry_id, contact_id)`);
}

/**
 * How many notes people wrote on the contact `row` names (activity entries are not counted), as a
 * correlated subquery for reading contacts: `row` is the SQL name of the contacts row in that query.
 */
export function writtenNoteCount(row: SQL): SQL<number> {
  return sql<number>`(
    select count(*)::int from ${contactNotes} n
    where n.organization_id = ${row}.organization_id and n.contact_id = ${row}.id and n.type = 'note'
  )`;
}
