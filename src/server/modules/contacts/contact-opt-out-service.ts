import type { Contact } from '@shared/api/contacts';
import { OPT_OUT_SOURCE_LABELS, type OptOutSource } from '@shared/opt-out/opt-out';
import type { Database, Queryable } from '../../db/database';
import { recordActivityBatch } from '../timeline';
import { clearOptedOut, optedOutAmong, setOptedOut, type ContactKeys } from './contact-opt-out-repository';
import { getContact, onEditableContact, type ContactActor } from './contacts-service';
import { splitInternational } from './customer-numbers';

/**
 * Marketing opt-out of contacts: set by what the customer writes or presses and by Meta's signals,
 * cleared by a member (contacts:edit) or by Meta's "resume". Each change is on the contact's timeline,
 * written in the transaction of the change; a contact already in that state gets no second entry.
 */

export const OPT_OUT_ACTIVITY = {
  optedOut: (source: OptOutSource) => `Opted out of marketing messages: ${OPT_OUT_SOURCE_LABELS[source]}`,
  resumedByCustomer: 'Opted back in to marketing messages in WhatsApp',
  cleared: 'Marketing opt-out cleared',
} as const;

/** Meta's wa_id (digits) as the contacts table keys numbers. */
const phonesOf = (waIds: readonly string[]) => [...new Set(waIds.map((waId) => splitInternational(waId.replace(/\D/g, '')).e164))];

export function customersByWaId(waIds: readonly string[]): ContactKeys {
  return { phones: phonesOf(waIds) };
}

/** Opts these contacts (by id or by WhatsApp number) out of marketing; answers the ids newly opted out. */
export function optOutContacts(db: Database, organizationId: string, keys: ContactKeys, source: OptOutSource): Promise<string[]> {
  return db.transaction(async (tx) => {
    const changed = await setOptedOut(tx, organizationId, keys, source);
    await recordActivityBatch(tx, { organizationId, contactIds: changed, userId: null, credit: 'whatsapp', content: OPT_OUT_ACTIVITY.optedOut(source) });
    return changed;
  });
}

/** The customer told WhatsApp to send marketing messages again (user_preferences "resume"). */
export function resumeContacts(db: Database, organizationId: string, keys: ContactKeys): Promise<string[]> {
  return db.transaction(async (tx) => {
    const changed = await clearOptedOut(tx, organizationId, keys);
    await recordActivityBatch(tx, { organizationId, contactIds: changed, userId: null, credit: 'whatsapp', content: OPT_OUT_ACTIVITY.resumedByCustomer });
    return changed;
  });
}

/** A member clears the contact's opt-out (DELETE /contacts/{id}/opt-out); clearing one not opted out changes nothing. */
export async function clearContactOptOut(db: Database, actor: ContactActor, contactId: string): Promise<Contact> {
  await onEditableContact(db, actor.organizationId, contactId, async (tx, contact) => {
    const changed = await clearOptedOut(tx, actor.organizationId, { ids: [contact.id] });
    await recordActivityBatch(tx, { organizationId: actor.organizationId, contactIds: changed, userId: actor.userId, content: OPT_OUT_ACTIVITY.cleared });
  });
  return getContact(db, actor.organizationId, contactId);
}

/** Which of these contacts are opted out of marketing now (read in the caller's transaction, if any). */
export function optedOutContacts(db: Queryable, organizationId: string, contactIds: readonly string[]): Promise<Set<string>> {
  return optedOutAmong(db, organizationId, contactIds);
}
