import type { Paginated } from './pagination';

export type NoteType = 'note' | 'system';

/** A note or an activity entry on a contact's timeline. */
export interface ContactNote {
  id: string;
  contactId: string;
  /**
   * The author of a note, or who caused a system entry; null for an entry no member caused (a contact
   * created by a customer's WhatsApp message) and once that user is gone.
   */
  userId: string | null;
  user: { name: string } | null;
  content: string;
  type: NoteType;
  createdAt: string;
  updatedAt: string;
}

/** Newest first. */
export type ContactNotePage = Paginated<ContactNote>;

/** POST and PUT of a note: the shape the shared note schema passes on. */
export type { NoteInput } from '../validation/notes';
