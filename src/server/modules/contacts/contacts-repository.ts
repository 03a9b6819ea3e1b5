import { and, eq, ilike, inArray, isNotNull, isNull, like, sql, type SQL } from 'drizzle-orm';
import type { Contact } from '@shared/api/contacts';
import type { NormalizedPhone } from '@shared/phone';
import type { Queryable } from '../../db/database';
import { rowsOf } from '../../db/rows-of';
import { contacts } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { isUuid, uuidv7 } from '../../lib/ids';
import { searchTerm } from './contact-search';
import { contactViewColumns, toContact, type ContactRow } from './contact-view';

/**
 * The contacts repository owns contacts, and is the only code that writes them (the running total in
 * contact_count_deltas is kept by triggers on contacts; contact-total.ts reads and folds it). Reads of
 * lists and search live beside it in contact-list.ts and contact-search.ts.
 */

/** A contact's stored fields, as the add/edit modal, a webhook or an import gives them. */
export interface ContactDetails {
  name: string | null;
  phone: NormalizedPhone;
}

function ofOrganization(organizationId: string, contactId: string) {
  return and(eq(contacts.organizationId, organizationId), eq(contacts.id, contactId));
}

/** A contact of the organization (deleted or not), or null: a foreign id and a missing one look the same. */
export async function findContactRow(db: Queryable, organizationId: string, contactId: string): Promise<ContactRow | null> {
  if (!isUuid(contactId)) return null;
  const [row] = await db.select().from(contacts).where(ofOrganization(organizationId, contactId));
  return row ?? null;
}

/** The contact as the API shows it (tags, note count), or null. */
export async function findContact(db: Queryable, organizationId: string, contactId: string): Promise<Contact | null> {
  if (!isUuid(contactId)) return null;
  const [row] = await db.select(contactViewColumns).from(contacts).where(ofOrganization(organizationId, contactId));
  return row ? toContact(row) : null;
}

/** The contact, locked until the transaction ends (a concurrent change or delete waits), or null. */
export async function lockContactRow(db: Queryable, organizationId: string, contactId: string): Promise<ContactRow | null> {
  if (!isUuid(contactId)) return null;
  const [row] = await db.select().from(contacts).where(ofOrganization(organizationId, contactId)).for('update');
  return row ?? null;
}

/** Whether the organization has a contact with this number, and if so whether it is deleted. */
export async function numberHolder(db: Queryable, organizationId: string, e164: string): Promise<{ deleted: boolean } | null> {
  const [row] = await db
    .select({ deletedAt: contacts.deletedAt })
    .from(contacts)
    .where(and(eq(contacts.organizationId, organizationId), eq(contacts.phoneE164, e164)));
  return row ? { deleted: row.deletedAt !== null } : null;
}

function detailColumns({ name, phone }: ContactDetails) {
  return { name, countryCode: phone.countryCode, phoneNumber: phone.phoneNumber, phoneE164: phone.e164 };
}

/** The new contact's id, or null when the organization already has the number. */
export async function insertContact(db: Queryable, organizationId: string, details: ContactDetails): Promise<string | null> {
  const [created] = await db
    .insert(contacts)
    .values({ organizationId, ...detailColumns(details) })
    .onConflictDoNothing({ target: [contacts.organizationId, contacts.phoneE164] })
    .returning({ id: contacts.id });
  return created?.id ?? null;
}

/**
 * Changes a contact's name and number; false when another contact has the number. It runs in a
 * savepoint, so a number already taken fails this statement, not the caller's whole transaction.
 */
export async function updateContactDetails(db: Queryable, contactId: string, details: ContactDetails): Promise<boolean> {
  try {
    await db.transaction((savepoint) => savepoint.update(contacts).set(detailColumns(details)).where(eq(contacts.id, contactId)));
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/**
 * Soft delete or restore in one conditional update, so each is a single atomic step: of two people
 * deleting at once, one changes the row. False when the contact was not in the other state (or is not
 * the organization's).
 */
export async function setContactDeletedAt(db: Queryable, organizationId: string, contactId: string, deleted: boolean): Promise<boolean> {
  const [changed] = await db
    .update(contacts)
    .set({ deletedAt: deleted ? sql`now()` : null })
    .where(and(ofOrganization(organizationId, contactId), deleted ? isNull(contacts.deletedAt) : isNotNull(contacts.deletedAt)))
    .returning({ id: contacts.id });
  return changed !== undefined;
}

/**
 * Inserts the contacts whose numbers the organization does not have yet, in one statement, and answers
 * the ids of those it inserted. Concurrent inserts of the same number converge on the unique
 * (organization, phone_e164) key: one inserts, the others wait for it and skip the row. The rows go in
 * by number, so two batches sharing numbers take their locks in the same order.
 */
export async function insertMissingContacts(db: Queryable, organizationId: string, wanted: readonly ContactDetails[]): Promise<string[]> {
  if (wanted.length === 0) return [];
  const ordered = [...wanted].sort((a, b) => (a.phone.e164 < b.phone.e164 ? -1 : 1));
  const created = await db
    .insert(contacts)
    .values(ordered.map((details) => ({ organizationId, ...detailColumns(details) })))
    .onConflictDoNothing({ target: [contacts.organizationId, contacts.phoneE164] })
    .returning({ id: contacts.id });
  return created.map((row) => row.id);
}

/** The organization's contacts with these numbers (deleted or not). */
export async function contactsByNumber(
  db: Queryable,
  organizationId: string,
  e164s: readonly string[],
): Promise<Array<{ id: string; name: string | null; phoneE164: string }>> {
  if (e164s.length === 0) return [];
  return db
    .select({ id: contacts.id, name: contacts.name, phoneE164: contacts.phoneE164 })
    .from(contacts)
    .where(and(eq(contacts.organizationId, organizationId), inArray(contacts.phoneE164, [...e164s])));
}

/** Gives a nameless contact a name; a contact that has one keeps it. */
export async function nameIfNameless(db: Queryable, contactId: string, name: string): Promise<void> {
  await db.update(contacts).set({ name }).where(and(eq(contacts.id, contactId), isNull(contacts.name)));
}

/** One batch of imported contacts as column arrays, the shape the upsert's unnest() takes. */
export interface ContactColumns {
  names: (string | null)[];
  countryCodes: string[];
  phoneNumbers: string[];
  e164s: string[];
}

/** One imported row's fate: inserted, or updated (and, if it was deleted, restored). */
export interface ImportedRow {
  id: string;
  inserted: boolean;
  restored: boolean;
}

/**
 * Upserts one import batch by normalized number, set-based (one statement for the batch, however large).
 * A number the organization already has keeps its name when the file gives none and takes the file's
 * otherwise; if it was deleted it comes back (importing it again is the user saying it is a contact).
 * `xmax = 0` tells a freshly inserted row from an updated one. Only updated rows can have been deleted,
 * so the restore reads just those (none, in an import of new contacts), already locked by the upsert.
 */
export async function upsertImportBatch(db: Queryable, organizationId: string, batch: ContactColumns): Promise<ImportedRow[]> {
  const upserted = rowsOf<{ id: string; inserted: boolean }>(
    await db.execute(sql`
      insert into ${contacts} as c (id, organization_id, name, country_code, phone_number, phone_e164)
      select r.id, ${organizationId}::uuid, r.name, r.country_code, r.phone_number, r.phone_e164
      from unnest(
        ${sql.param(batch.e164s.map(() => uuidv7()))}::uuid[],
        ${sql.param(batch.names)}::text[],
        ${sql.param(batch.countryCodes)}::text[],
        ${sql.param(batch.phoneNumbers)}::text[],
        ${sql.param(batch.e164s)}::text[]
      ) as r(id, name, country_code, phone_number, phone_e164)
      on conflict (organization_id, phone_e164) do update set
        name = coalesce(excluded.name, c.name),
        updated_at = now()
      returning c.id, (c.xmax = 0) as inserted`),
  );
  const updatedIds = upserted.filter((row) => !row.inserted).map((row) => row.id);
  const restored = new Set(updatedIds.length === 0 ? [] : await restoreDeleted(db, organizationId, updatedIds));
  return upserted.map((row) => ({ ...row, restored: restored.has(row.id) }));
}

/** Clears deleted_at on those of these contacts that are deleted; answers their ids. */
async function restoreDeleted(db: Queryable, organizationId: string, contactIds: readonly string[]): Promise<string[]> {
  const rows = await db
    .update(contacts)
    .set({ deletedAt: null })
    .where(
      and(
        eq(contacts.organizationId, organizationId),
        sql`${contacts.id} = any(${sql.param([...contactIds])}::uuid[])`,
        isNotNull(contacts.deletedAt),
      ),
    )
    .returning({ id: contacts.id });
  return rows.map((row) => row.id);
}

/**
 * The contacts whose name or number contains `text`, read as the Contacts search reads it (searchTerm),
 * as a condition on the contacts table for other modules' queries (the inbox searches conversations by
 * their contact). The name matches case-insensitively; both are served by the trigram indexes.
 */
export function contactMatching(text: string): SQL {
  const term = searchTerm(text);
  return term.by === 'number' ? like(contacts.phoneE164, `%${term.fragment}%`) : ilike(contacts.name, `%${term.text}%`);
}
