import { formatE164, formatPhone } from '@shared/phone';

/**
 * How a contact is named wherever it is shown (the inbox list, chat header and info pane, the Contacts
 * table, a broadcast's drill-down, the pickers): the business's own name; else the customer's WhatsApp
 * profile name, marked as WhatsApp's ('~ 🌸 Zoë ✨'); else its number, formatted as every number is.
 */

/** A contact's names and number: as the contacts and inbox APIs give them, or by its E.164 key (a drill-down row). */
export type NamedContact = { name: string | null; profileName: string | null } & (
  | { countryCode: string; phoneNumber: string }
  | { e164: string }
);

/** Where the name shown comes from. */
export type ContactNameSource = 'name' | 'profile' | 'phone';

/** The mark before a WhatsApp profile name: it is the customer's, not a name the business gave. */
export const PROFILE_NAME_MARK = '~';

/** The contact's number, formatted as every number is shown. */
export function contactPhone(contact: NamedContact): string {
  return 'e164' in contact ? formatE164(contact.e164) : formatPhone(contact.countryCode, contact.phoneNumber);
}

/** The name shown for the contact and where it comes from. */
export function contactName(contact: NamedContact): { text: string; source: ContactNameSource } {
  const own = contact.name?.trim();
  if (own) return { text: own, source: 'name' };
  const profile = contact.profileName?.trim();
  if (profile) return { text: `${PROFILE_NAME_MARK} ${profile}`, source: 'profile' };
  return { text: contactPhone(contact), source: 'phone' };
}

/** The name shown for the contact (see contactName). */
export function contactDisplayName(contact: NamedContact): string {
  return contactName(contact).text;
}

/** A letter with the marks that belong to it (a decomposed 'ë' is 'e' and U+0308). */
const LETTER = /\p{L}\p{M}*/u;

/**
 * The avatar's initial: the first letter (of any script) of the name shown, upper-cased; never a digit,
 * an emoji, '~' or '+'. Null when the name has no letter (a number, emoji only): show a person icon.
 */
export function contactInitial(contact: NamedContact): string | null {
  const { text, source } = contactName(contact);
  if (source === 'phone') return null;
  const letter = LETTER.exec(text)?.[0];
  return letter ? letter.toLocaleUpperCase() : null;
}
