import type { ConversationContact } from '@shared/api/conversations';
import { formatPhone } from '@shared/phone';

/** How a contact is named in the inbox: its name, else its number. */
export function contactLabel(contact: Pick<ConversationContact, 'name' | 'countryCode' | 'phoneNumber'>): string {
  return contact.name?.trim() || formatPhone(contact.countryCode, contact.phoneNumber);
}
