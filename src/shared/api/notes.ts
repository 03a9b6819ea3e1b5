import type { Paginated } from './pagination';

export type NoteType = 'note' | 'system';

/** Who an activity entry no member caused is credited to: Parley itself, or the customer's WhatsApp. */
export type NoteCredit = 'parley' | 'whatsapp';

/** The name a credited entry shows instead of a member's. */
export const NOTE_CREDIT_NAMES: Record<NoteCredit, string> = { parley: 'Parley', whatsapp: 'WhatsApp' };

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
  /**
   * Set on activity entries Parley wrote itself (an import, an automation) or that the customer's
   * WhatsApp caused (created by a message, an opt-out): shown as theirs, never as a member's.
   */
  credit: NoteCredit | null;
  content: string;
  type: NoteType;
  createdAt: string;
  updatedAt: string;
}

/** Newest first. */
export type ContactNotePage = Paginated<ContactNote>;

/** POST and PUT of a note: the shape the shared note schema passes on. */
export type { NoteInput } from '../validation/notes';
