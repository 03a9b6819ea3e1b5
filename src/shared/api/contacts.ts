import type { OptOutSource } from '../opt-out/opt-out';
import type { Paginated } from './pagination';

/** POST /contacts and PUT /contacts/{id}: the shape the shared contact schema passes on. */
export type { ContactInput } from '../validation/contacts';

/** A tag as it hangs on a contact. */
export interface ContactTag {
  tagId: string;
  tag: { id: string; name: string; color: string };
}

/** A contact. Soft-deleted contacts keep coming back, with `deletedAt` set. */
export interface Contact {
  id: string;
  /** The business's name for the contact. */
  name: string | null;
  /** The customer's WhatsApp profile name as last sent, shown (marked as WhatsApp's) where `name` is null. */
  profileName: string | null;
  countryCode: string;
  phoneNumber: string;
  tags: ContactTag[];
  createdAt: string;
  updatedAt: string;
  deletedAt: string | null;
  /** When the customer stopped marketing messages (null: they receive them), and what said so. */
  optedOutAt: string | null;
  optOutSource: OptOutSource | null;
  /** `notes` counts what people wrote, not the system's activity entries. */
  _count: { notes: number };
}

export type ContactPage = Paginated<Contact>;

/** GET /contacts/search: the best matches, unpaged. */
export interface ContactSearchResponse {
  data: Contact[];
}

/** GET /conversations/contact/{contactId}: the contact's conversation, created on first need. */
export interface ContactConversationResponse {
  conversationId: string;
  contact: { id: string };
}

export const DUPLICATE_CONTACT_MESSAGE = 'A contact with this phone number already exists';
