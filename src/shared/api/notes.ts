import type { Paginated } from './pagination';

export type NoteType = 'note' | 'system';

/** A note or an activity entry on a contact's timeline (SPEC.md section 3, Contact note). */
export interface ContactNote {
  id: string;
  contactId: string;
  /** The author of a note, or who caused a system entry; null once that user is gone. */
  userId: string | null;
  user: { name: string } | null;
  content: string;
  type: NoteType;
  createdAt: string;
  updatedAt: string;
}

/** Newest first. */
export type ContactNotePage = Paginated<ContactNote>;

export interface NoteInput {
  content: string;
}
