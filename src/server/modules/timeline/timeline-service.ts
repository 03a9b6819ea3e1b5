import type { ContactNote, ContactNotePage } from '@shared/api/notes';
import type { Queryable } from '../../db/database';
import { forbidden, notFound } from '../../lib/domain-error';
import type { PageRequest } from '../../lib/pagination';
import {
  deleteEntry,
  findEntry,
  insertNote,
  insertSystemEntries,
  insertSystemEntry,
  listEntries,
  updateEntryContent,
  type SystemEntry,
} from './timeline-repository';

/**
 * A contact's timeline: the notes members write and the activity entries the system records. The
 * timeline knows nothing of contacts: whoever calls it has checked the contact is the organization's
 * (and, to write a note, locked it in the transaction these functions run in, so a concurrent delete
 * waits), which lets contacts, conversations and members all record activity here.
 */

export const NOTE_NOT_FOUND = 'Note not found';

export interface NoteAuthor {
  organizationId: string;
  userId: string;
}

export function listTimeline(db: Queryable, organizationId: string, contactId: string, page: PageRequest): Promise<ContactNotePage> {
  return listEntries(db, organizationId, contactId, page);
}

export async function addNote(db: Queryable, author: NoteAuthor, contactId: string, content: string): Promise<ContactNote> {
  const id = await insertNote(db, { organizationId: author.organizationId, contactId, authorUserId: author.userId, content });
  return (await findEntry(db, author.organizationId, contactId, id)) as ContactNote;
}

/**
 * The note a member may change: on this contact, written by them, and not an activity entry. Others'
 * notes are visible to the member, so refusing says why (403) rather than 404.
 */
async function ownNote(db: Queryable, author: NoteAuthor, contactId: string, noteId: string, verb: 'edit' | 'delete'): Promise<ContactNote> {
  const note = await findEntry(db, author.organizationId, contactId, noteId);
  if (!note) throw notFound(NOTE_NOT_FOUND);
  if (note.type === 'system') throw forbidden(`Activity entries cannot be ${verb === 'edit' ? 'edited' : 'deleted'}`);
  if (note.userId !== author.userId) throw forbidden(`Only the author can ${verb} this note`);
  return note;
}

export async function editNote(db: Queryable, author: NoteAuthor, contactId: string, noteId: string, content: string): Promise<ContactNote> {
  const note = await ownNote(db, author, contactId, noteId, 'edit');
  await updateEntryContent(db, note.id, content);
  return (await findEntry(db, author.organizationId, contactId, note.id)) as ContactNote;
}

export async function deleteNote(db: Queryable, author: NoteAuthor, contactId: string, noteId: string): Promise<void> {
  const note = await ownNote(db, author, contactId, noteId, 'delete');
  await deleteEntry(db, note.id);
}

export type Activity = SystemEntry;

/**
 * Records what happened to a contact (created, tags changed, imported, deleted, restored, assigned).
 * Callers record it inside the transaction of the change itself, so history never claims what did not
 * happen, nor misses what did.
 */
export function recordActivity(db: Queryable, activity: Activity): Promise<void> {
  return insertSystemEntry(db, activity);
}

/** The same activity on many contacts at once (a CSV import, a webhook batch): one statement. */
export function recordActivityBatch(
  db: Queryable,
  activity: Omit<Activity, 'contactId'> & { contactIds: readonly string[] },
): Promise<void> {
  return insertSystemEntries(db, activity);
}

// The contact view counts a contact's written notes in its own query.
export { writtenNoteCount } from './timeline-repository';
