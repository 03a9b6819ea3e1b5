import { and, count, desc, eq } from 'drizzle-orm';
import type { ContactNote, ContactNotePage } from '@shared/api/notes';
import type { Database, Queryable } from '../../db/database';
import { contactNotes, users } from '../../db/schema';
import { forbidden, notFound } from '../../lib/domain-error';
import { isUuid } from '../../lib/ids';
import { offsetOf, toPage, type PageRequest } from '../../lib/pagination';
import { lockEditableContact } from '../contacts/contact-changes';

export const NOTE_NOT_FOUND = 'Note not found';

const noteColumns = {
  id: contactNotes.id,
  contactId: contactNotes.contactId,
  userId: contactNotes.authorUserId,
  userName: users.name,
  content: contactNotes.content,
  type: contactNotes.type,
  createdAt: contactNotes.createdAt,
  updatedAt: contactNotes.updatedAt,
};

interface NoteRow {
  id: string;
  contactId: string;
  userId: string | null;
  userName: string | null;
  content: string;
  type: ContactNote['type'];
  createdAt: Date;
  updatedAt: Date;
}

function toNote(row: NoteRow): ContactNote {
  return {
    id: row.id,
    contactId: row.contactId,
    userId: row.userId,
    user: row.userName === null ? null : { name: row.userName },
    content: row.content,
    type: row.type,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function ofContact(organizationId: string, contactId: string) {
  return and(eq(contactNotes.organizationId, organizationId), eq(contactNotes.contactId, contactId));
}

/** The contact's timeline, newest first (the caller has checked the contact is the organization's). */
export async function listNotes(db: Queryable, organizationId: string, contactId: string, page: PageRequest): Promise<ContactNotePage> {
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(contactNotes).where(ofContact(organizationId, contactId)),
    db
      .select(noteColumns)
      .from(contactNotes)
      .leftJoin(users, eq(users.id, contactNotes.authorUserId))
      .where(ofContact(organizationId, contactId))
      .orderBy(desc(contactNotes.createdAt), desc(contactNotes.id))
      .limit(page.limit)
      .offset(offsetOf(page)),
  ]);
  return toPage(rows.map(toNote), page, Number(total));
}

async function noteById(db: Queryable, organizationId: string, contactId: string, noteId: string): Promise<ContactNote | null> {
  if (!isUuid(noteId)) return null;
  const [row] = await db
    .select(noteColumns)
    .from(contactNotes)
    .leftJoin(users, eq(users.id, contactNotes.authorUserId))
    .where(and(ofContact(organizationId, contactId), eq(contactNotes.id, noteId)));
  return row ? toNote(row) : null;
}

export interface NoteAuthor {
  organizationId: string;
  userId: string;
}

export async function addNote(db: Database, author: NoteAuthor, contactId: string, content: string): Promise<ContactNote> {
  return db.transaction(async (tx) => {
    const contact = await lockEditableContact(tx, author.organizationId, contactId);
    const [created] = await tx
      .insert(contactNotes)
      .values({ organizationId: author.organizationId, contactId: contact.id, authorUserId: author.userId, type: 'note', content })
      .returning({ id: contactNotes.id });
    return (await noteById(tx, author.organizationId, contact.id, created.id)) as ContactNote;
  });
}

/**
 * The note a member may change: on an editable contact, of the organization, written by them and not a
 * system entry. Others' notes are visible to the member, so refusing says why (403) rather than 404.
 */
async function ownNote(db: Queryable, author: NoteAuthor, contactId: string, noteId: string, verb: 'edit' | 'delete') {
  const contact = await lockEditableContact(db, author.organizationId, contactId);
  const note = await noteById(db, author.organizationId, contact.id, noteId);
  if (!note) throw notFound(NOTE_NOT_FOUND);
  if (note.type === 'system') throw forbidden(`Activity entries cannot be ${verb === 'edit' ? 'edited' : 'deleted'}`);
  if (note.userId !== author.userId) throw forbidden(`Only the author can ${verb} this note`);
  return note;
}

export async function editNote(db: Database, author: NoteAuthor, contactId: string, noteId: string, content: string): Promise<ContactNote> {
  return db.transaction(async (tx) => {
    const note = await ownNote(tx, author, contactId, noteId, 'edit');
    await tx.update(contactNotes).set({ content }).where(eq(contactNotes.id, note.id));
    return (await noteById(tx, author.organizationId, note.contactId, note.id)) as ContactNote;
  });
}

export async function deleteNote(db: Database, author: NoteAuthor, contactId: string, noteId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const note = await ownNote(tx, author, contactId, noteId, 'delete');
    await tx.delete(contactNotes).where(eq(contactNotes.id, note.id));
  });
}
