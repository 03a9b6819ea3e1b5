import type { ContactNote, ContactNotePage } from '@shared/api/notes';
import type { Database, Queryable } from '../../db/database';
import { notFound } from '../../lib/domain-error';
import type { PageRequest } from '../../lib/pagination';
import { addNote, deleteNote, editNote, listTimeline, type NoteAuthor } from '../timeline';
import { findContactRow, CONTACT_NOT_FOUND, onEditableContact } from '../contacts';

/**
 * The notes on a contact: the contact's rules (of the organization; a deleted one keeps its history but
 * takes no new notes, and is locked while a note is written) around the timeline's (only a note's author
 * may change it, never an activity entry).
 */

export async function listContactTimeline(db: Queryable, organizationId: string, contactId: string, page: PageRequest): Promise<ContactNotePage> {
  if (!(await findContactRow(db, organizationId, contactId))) throw notFound(CONTACT_NOT_FOUND);
  return listTimeline(db, organizationId, contactId, page);
}

export function addContactNote(db: Database, author: NoteAuthor, contactId: string, content: string): Promise<ContactNote> {
  return onEditableContact(db, author.organizationId, contactId, (tx, contact) => addNote(tx, author, contact.id, content));
}

export function editContactNote(db: Database, author: NoteAuthor, contactId: string, noteId: string, content: string): Promise<ContactNote> {
  return onEditableContact(db, author.organizationId, contactId, (tx, contact) => editNote(tx, author, contact.id, noteId, content));
}

export function deleteContactNote(db: Database, author: NoteAuthor, contactId: string, noteId: string): Promise<void> {
  return onEditableContact(db, author.organizationId, contactId, (tx, contact) => deleteNote(tx, author, contact.id, noteId));
}
