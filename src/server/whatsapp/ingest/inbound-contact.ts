import { and, eq, inArray, isNull } from 'drizzle-orm';
import { countryCodePrefixOf, normalizePhone } from '@shared/phone';
import { contactNameField } from '@shared/validation/contacts';
import type { Queryable } from '../../db/database';
import { contacts, conversations } from '../../db/schema';

export interface Customer {
  /** Meta's wa_id: international digits, no '+'. */
  waId: string;
  profileName: string | undefined;
}

/**
 * The contacts customers' WhatsApp numbers belong to, created on their first message: one insert and
 * one select for a whole webhook batch. Numbers are normalized exactly as the contacts screen does
 * (src/shared/phone.ts), so a contact an agent typed in and the same person writing in are one row;
 * concurrent first messages converge on the unique (organization, phone_e164) key. Answers contact
 * ids by wa_id.
 */
export async function findOrCreateContactsByWaId(db: Queryable, organizationId: string, customers: Customer[]): Promise<Map<string, string>> {
  const byE164 = new Map<string, { customer: Customer; phone: ReturnType<typeof splitInternational>; name: string | null }>();
  for (const customer of customers) {
    const phone = splitInternational(customer.waId);
    const existing = byE164.get(phone.e164);
    byE164.set(phone.e164, { customer, phone, name: existing?.name ?? acceptableName(customer.profileName) });
  }
  const entries = [...byE164.values()];
  if (entries.length === 0) return new Map();
  await db
    .insert(contacts)
    .values(entries.map(({ phone, name }) => ({ organizationId, name, countryCode: phone.countryCode, phoneNumber: phone.phoneNumber, phoneE164: phone.e164 })))
    .onConflictDoNothing({ target: [contacts.organizationId, contacts.phoneE164] });
  const rows = await db
    .select({ id: contacts.id, name: contacts.name, phoneE164: contacts.phoneE164 })
    .from(contacts)
    .where(and(eq(contacts.organizationId, organizationId), inArray(contacts.phoneE164, [...byE164.keys()])));

  const ids = new Map<string, string>();
  for (const row of rows) {
    const entry = byE164.get(row.phoneE164);
    if (!entry) continue;
    ids.set(entry.customer.waId, row.id);
    if (entry.name && !row.name) {
      // The profile name fills a nameless contact; a name someone typed is never overwritten.
      await db.update(contacts).set({ name: entry.name }).where(and(eq(contacts.id, row.id), isNull(contacts.name)));
    }
  }
  for (const customer of customers) {
    const entry = byE164.get(splitInternational(customer.waId).e164);
    const id = entry && ids.get(entry.customer.waId);
    if (id) ids.set(customer.waId, id);
  }
  return ids;
}

export async function findOrCreateContactByWaId(db: Queryable, organizationId: string, waId: string, profileName: string | undefined): Promise<string> {
  const ids = await findOrCreateContactsByWaId(db, organizationId, [{ waId, profileName }]);
  const id = ids.get(waId);
  if (!id) throw new Error('The contact just upserted could not be read');
  return id;
}

/**
 * Each contact's one conversation, created on first need, for a whole batch (the batch form of
 * conversation-store's findOrCreateConversation, on the same unique key). Answers ids by contact.
 */
export async function findOrCreateConversations(db: Queryable, organizationId: string, contactIds: string[]): Promise<Map<string, string>> {
  const unique = [...new Set(contactIds)];
  if (unique.length === 0) return new Map();
  await db
    .insert(conversations)
    .values(unique.map((contactId) => ({ organizationId, contactId })))
    .onConflictDoNothing({ target: [conversations.organizationId, conversations.contactId] });
  const rows = await db
    .select({ id: conversations.id, contactId: conversations.contactId })
    .from(conversations)
    .where(and(eq(conversations.organizationId, organizationId), inArray(conversations.contactId, unique)));
  return new Map(rows.map((row) => [row.contactId, row.id]));
}

/**
 * Splits Meta's `wa_id` into country code and national number. The supported countries are
 * recognized exactly; for others the code is a best guess (NANP and +7 use one digit, most others
 * two) that only affects display — the E.164 key is right either way.
 */
export function splitInternational(digits: string): { countryCode: string; phoneNumber: string; e164: string } {
  const known = countryCodePrefixOf(digits);
  const codeLength = known ? known.length - 1 : digits.startsWith('1') || digits.startsWith('7') ? 1 : 2;
  return normalizePhone(known ?? `+${digits.slice(0, codeLength)}`, digits.slice(codeLength));
}

/** A WhatsApp profile name becomes the contact's name only if the contact form would accept it. */
function acceptableName(profileName: string | undefined): string | null {
  if (!profileName) return null;
  try {
    return contactNameField.validateSync(profileName) ?? null;
  } catch {
    return null;
  }
}
