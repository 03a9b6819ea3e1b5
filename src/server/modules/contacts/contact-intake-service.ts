import { sanitizeProfileName } from '@shared/format/profile-name';
import type { Database, Queryable } from '../../db/database';
import { tagContacts } from '../tags';
import { recordActivityBatch } from '../timeline';
import { CONTACT_ACTIVITY, type ImportSource } from './contact-activity';
import {
  analyzeContacts,
  contactsByNumber,
  insertMissingContacts,
  nameIfNameless,
  setProfileName,
  upsertImportBatch,
  type ContactColumns,
  type CustomerDetails,
  type ImportedRow,
} from './contacts-repository';
import { acceptableName, splitInternational } from './customer-numbers';

/**
 * Contacts that arrive in bulk rather than through the modal: written in from WhatsApp, or imported
 * from a CSV file. They follow the modal's rules: a created contact gets its "created" entry and a
 * deleted contact that comes back its "restored" entry, in the same transaction.
 */

/** A customer writing in on WhatsApp. */
export interface Customer {
  /** Meta's wa_id: international digits, no '+'. */
  waId: string;
  profileName: string | undefined;
}

/**
 * The contacts customers' WhatsApp numbers belong to, created on their first message, for a whole
 * webhook batch in one transaction. Numbers are normalized exactly as the contacts screen does
 * (src/shared/phone.ts), so a contact an agent typed in and the same person writing in are one row.
 * The profile name is kept as sent (sanitized, src/shared/format/profile-name.ts) in `profile_name`,
 * and replaced whenever WhatsApp sends another. It also fills a nameless contact's name when the
 * contact form would accept it; a name someone typed is never overwritten. A deleted contact stays
 * deleted (its messages still arrive). Answers contact ids by wa_id.
 */
export async function ensureContactsForCustomers(
  db: Database,
  organizationId: string,
  customers: readonly Customer[],
): Promise<Map<string, string>> {
  const byNumber = new Map<string, { details: CustomerDetails; waIds: string[] }>();
  for (const customer of customers) {
    const phone = splitInternational(customer.waId);
    const entry = byNumber.get(phone.e164) ?? { details: { name: null, profileName: null, phone }, waIds: [] };
    const profileName = sanitizeProfileName(customer.profileName);
    entry.details.name ??= acceptableName(profileName ?? undefined);
    // The batch's messages are in the order they were sent: the last profile name is the current one.
    entry.details.profileName = profileName ?? entry.details.profileName;
    entry.waIds.push(customer.waId);
    byNumber.set(phone.e164, entry);
  }
  if (byNumber.size === 0) return new Map();

  return db.transaction(async (tx) => {
    const created = await insertMissingContacts(tx, organizationId, [...byNumber.values()].map((entry) => entry.details));
    await recordActivityBatch(tx, { organizationId, contactIds: created, userId: null, credit: 'whatsapp', content: CONTACT_ACTIVITY.createdFromWhatsApp });
    const ids = new Map<string, string>();
    for (const row of await contactsByNumber(tx, organizationId, [...byNumber.keys()])) {
      const entry = byNumber.get(row.phoneE164);
      if (!entry) continue;
      for (const waId of entry.waIds) ids.set(waId, row.id);
      const { name, profileName } = entry.details;
      if (name && !row.name) await nameIfNameless(tx, row.id, name);
      if (profileName && profileName !== row.profileName) await setProfileName(tx, row.id, profileName);
    }
    return ids;
  });
}

/** One customer's contact (see ensureContactsForCustomers); answers its id. */
export async function ensureContactForCustomer(
  db: Database,
  organizationId: string,
  waId: string,
  profileName: string | undefined,
): Promise<string> {
  const id = (await ensureContactsForCustomers(db, organizationId, [{ waId, profileName }])).get(waId);
  if (!id) throw new Error('The contact just upserted could not be read');
  return id;
}

/** Who imports, and from which file with which tag. */
export interface ContactImport extends ImportSource {
  organizationId: string;
  userId: string;
  tagId: string;
}

/** What one batch of an import did: rows created, updated (or restored), and left as they were. */
export interface ImportBatchCounts {
  created: number;
  updated: number;
  unchanged: number;
}

/**
 * Writes one batch of a CSV import inside the caller's transaction: the contacts upserted by number
 * (set-based, one statement for the batch), the import's tag on each, and a timeline entry on each one
 * created or changed, also "restored" on those that were deleted. A contact the file leaves as it was
 * only gains the tag: re-importing a file rewrites nothing and adds no entry.
 */
export async function importContactBatch(tx: Queryable, request: ContactImport, batch: ContactColumns): Promise<ImportBatchCounts> {
  const { organizationId, userId } = request;
  const rows = await upsertImportBatch(tx, organizationId, batch);
  await tagContacts(tx, organizationId, request.tagId, rows.map((row) => row.id));
  const idsWhere = (keep: (row: ImportedRow) => boolean) => rows.filter(keep).map((row) => row.id);
  const created = idsWhere((row) => row.fate === 'created');
  const updated = idsWhere((row) => row.fate === 'updated');
  // Parley writes these entries; the import's record keeps who uploaded the file.
  const entry = { organizationId, userId, credit: 'parley' } as const;
  await recordActivityBatch(tx, { ...entry, contactIds: created, content: CONTACT_ACTIVITY.imported(request) });
  await recordActivityBatch(tx, { ...entry, contactIds: idsWhere((row) => row.restored), content: CONTACT_ACTIVITY.restored });
  await recordActivityBatch(tx, { ...entry, contactIds: updated, content: CONTACT_ACTIVITY.updatedByImport(request) });
  return { created: created.length, updated: updated.length, unchanged: rows.length - created.length - updated.length };
}

/** A bulk load refreshes the planner's statistics once it has created this many contacts. */
const STATISTICS_AFTER_ROWS = 1000;

/**
 * For a bulk load (an import, in chunks): answers a function to call with the running number of contacts
 * created, which refreshes the planner's statistics of contacts once, after the load's first
 * STATISTICS_AFTER_ROWS. Until then the statistics know nothing of the organization's new rows (or say
 * the table is empty, on a new install): the foreign key checks keep a plan made for an empty table, and
 * a lookup by number of the organization's contacts walks all of them by the organization alone. Either
 * way each chunk costs more than the one before it. Past that size the plans stay right as the table grows.
 */
export function bulkLoadStatistics(db: Database): (created: number) => Promise<void> {
  let refreshed = false;
  return async (created) => {
    if (refreshed || created < STATISTICS_AFTER_ROWS) return;
    refreshed = true;
    await analyzeContacts(db);
  };
}
