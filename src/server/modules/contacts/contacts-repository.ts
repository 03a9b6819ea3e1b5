import { and, eq, ilike, isNotNull, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { Contact } from '@shared/api/contacts';
import type { NormalizedPhone } from '@shared/phone';
import type { Database, Queryable } from '../../db/database';
import { rowsOf } from '../../db/rows-of';
import { contactNotes, contacts, contactTags } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { isUuid, uuidv7 } from '../../lib/ids';
import { searchTerm } from './contact-search-repository';
import { contactViewColumns, toContact, type ContactRow } from './contact-view-repository';

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

/** A customer's contact as a webhook gives it: its details and the WhatsApp profile name, if any. */
export interface CustomerDetails extends ContactDetails {
  profileName: string | null;
}

/**
 * Inserts the contacts whose numbers the organization does not have yet, in one statement, and answers
 * the ids of those it inserted. Concurrent inserts of the same number converge on the unique
 * (organization, phone_e164) key: one inserts, the others wait for it and skip the row. The rows go in
 * by number, so two batches sharing numbers take their locks in the same order.
 */
export async function insertMissingContacts(db: Queryable, organizationId: string, wanted: readonly CustomerDetails[]): Promise<string[]> {
  if (wanted.length === 0) return [];
  const ordered = [...wanted].sort((a, b) => (a.phone.e164 < b.phone.e164 ? -1 : 1));
  const created = await db
    .insert(contacts)
    .values(ordered.map((details) => ({ organizationId, ...detailColumns(details), profileName: details.profileName })))
    .onConflictDoNothing({ target: [contacts.organizationId, contacts.phoneE164] })
    .returning({ id: contacts.id });
  return created.map((row) => row.id);
}

/** A contact as the intake compares it with what a webhook brings. */
export interface CustomerContactRow {
  id: string;
  name: string | null;
  profileName: string | null;
  phoneE164: string;
}

/**
 * The organization's contacts with these numbers (deleted or not), in id order: a caller that then
 * changes them one by one (a profile name filling a nameless contact) locks them in that order, so two
 * webhook batches sharing contacts never deadlock. The numbers are joined as a list rather than matched
 * with `in (…)`, which the planner answers from the trigram index (tens of milliseconds for 50 numbers)
 * instead of the unique (organization, number) key.
 */
export async function contactsByNumber(db: Queryable, organizationId: string, e164s: readonly string[]): Promise<CustomerContactRow[]> {
  if (e164s.length === 0) return [];
  return rowsOf<CustomerContactRow>(
    await db.execute(sql`
      select c.id, c.name, c.profile_name as "profileName", c.phone_e164 as "phoneE164"
      from ${contacts} c join unnest(${sql.param([...e164s])}::text[]) as wanted(e164) on c.phone_e164 = wanted.e164
      where c.organization_id = ${organizationId}::uuid
      order by c.id`),
  );
}

/** Gives a nameless contact a name; a contact that has one keeps it. */
export async function nameIfNameless(db: Queryable, contactId: string, name: string): Promise<void> {
  await db.update(contacts).set({ name }).where(and(eq(contacts.id, contactId), isNull(contacts.name)));
}

/** Records the profile name WhatsApp sent last; the contact's own name is left as it is. */
export async function setProfileName(db: Queryable, contactId: string, profileName: string): Promise<void> {
  await db
    .update(contacts)
    .set({ profileName })
    .where(and(eq(contacts.id, contactId), sql`${contacts.profileName} is distinct from ${profileName}`));
}

/** One batch of imported contacts as column arrays, the shape the upsert's unnest() takes. */
export interface ContactColumns {
  names: (string | null)[];
  countryCodes: string[];
  phoneNumbers: string[];
  e164s: string[];
}

/**
 * One imported row's fate: created; updated (the file changed its name, or it was deleted and is
 * restored); or unchanged (nothing rewritten).
 */
export interface ImportedRow {
  id: string;
  fate: 'created' | 'updated' | 'unchanged';
  restored: boolean;
}

/** The contact holding a number, as an import compares it with a file's row. */
interface NumberHolder {
  id: string;
  name: string | null;
  phoneE164: string;
  deleted: boolean;
}

/**
 * The organization's contacts holding these numbers (deleted or not), one lookup by the unique
 * (organization, number) key each. As a join, the planner prefers hashing a scan of the whole
 * organization for a few thousand numbers, and an import asks for every chunk; a LATERAL subquery with
 * LIMIT 1 (which keeps it from being merged back into a join) is a lookup per number.
 */
async function numberHolders(db: Queryable, organizationId: string, e164s: readonly string[]): Promise<NumberHolder[]> {
  if (e164s.length === 0) return [];
  return rowsOf<NumberHolder>(
    await db.execute(sql`
      select c.id, c.name, c.phone_e164 as "phoneE164", c.deleted_at is not null as deleted
      from unnest(${sql.param([...e164s])}::text[]) as wanted(e164)
      cross join lateral (
        select id, name, phone_e164, deleted_at from ${contacts}
        where organization_id = ${organizationId}::uuid and phone_e164 = wanted.e164
        limit 1
      ) c`),
  );
}

/** Whether a file's row leaves the contact holding its number as it is: not deleted, and no other name. */
function leavesAsItIs(holder: NumberHolder | undefined, name: string | null): holder is NumberHolder {
  return holder !== undefined && !holder.deleted && (name === null || name === holder.name);
}

/**
 * Writes one import batch by normalized number. The batch's numbers are read first: a contact the file
 * leaves as it is (see leavesAsItIs) is neither rewritten nor locked, so a re-imported file costs reads,
 * not writes. The other rows are upserted set-based (one statement): a number the organization already
 * has keeps its name when the file gives none and takes the file's otherwise; if it was deleted it comes
 * back (importing it again is the user saying it is a contact). The upsert checks again what it
 * changes, so a contact changed meanwhile to what the file has is left alone too. `xmax = 0` tells a
 * freshly inserted row from an updated one; only updated rows can have been deleted, so the restore
 * reads just those, already locked by the upsert.
 */
export async function upsertImportBatch(db: Queryable, organizationId: string, batch: ContactColumns): Promise<ImportedRow[]> {
  const holders = new Map((await numberHolders(db, organizationId, batch.e164s)).map((holder) => [holder.phoneE164, holder]));
  const rows: ImportedRow[] = [];
  const toWrite: ContactColumns = { names: [], countryCodes: [], phoneNumbers: [], e164s: [] };
  batch.e164s.forEach((e164, i) => {
    const holder = holders.get(e164);
    if (leavesAsItIs(holder, batch.names[i])) {
      rows.push({ id: holder.id, fate: 'unchanged', restored: false });
      return;
    }
    toWrite.names.push(batch.names[i]);
    toWrite.countryCodes.push(batch.countryCodes[i]);
    toWrite.phoneNumbers.push(batch.phoneNumbers[i]);
    toWrite.e164s.push(e164);
  });
  if (toWrite.e164s.length === 0) return rows;

  const written = rowsOf<{ id: string; phone_e164: string; inserted: boolean }>(
    await db.execute(sql`
      insert into ${contacts} as c (id, organization_id, name, country_code, phone_number, phone_e164)
      select r.id, ${organizationId}::uuid, r.name, r.country_code, r.phone_number, r.phone_e164
      from unnest(
        ${sql.param(toWrite.e164s.map(() => uuidv7()))}::uuid[],
        ${sql.param(toWrite.names)}::text[],
        ${sql.param(toWrite.countryCodes)}::text[],
        ${sql.param(toWrite.phoneNumbers)}::text[],
        ${sql.param(toWrite.e164s)}::text[]
      ) as r(id, name, country_code, phone_number, phone_e164)
      on conflict (organization_id, phone_e164) do update set
        name = coalesce(excluded.name, c.name),
        updated_at = now()
      where c.deleted_at is not null or (excluded.name is not null and excluded.name is distinct from c.name)
      returning c.id, c.phone_e164, (c.xmax = 0) as inserted`),
  );
  const updatedIds = written.filter((row) => !row.inserted).map((row) => row.id);
  const restored = new Set(updatedIds.length === 0 ? [] : await restoreDeleted(db, organizationId, updatedIds));
  for (const row of written) rows.push({ id: row.id, fate: row.inserted ? 'created' : 'updated', restored: restored.has(row.id) });
  if (written.length < toWrite.e164s.length) {
    const writtenNumbers = new Set(written.map((row) => row.phone_e164));
    const leftAlone = toWrite.e164s.filter((e164) => !writtenNumbers.has(e164));
    for (const holder of await numberHolders(db, organizationId, leftAlone)) rows.push({ id: holder.id, fate: 'unchanged', restored: false });
  }
  return rows;
}

/**
 * Refreshes the planner's statistics of contacts and of the rows that hang off them (their tags and
 * timeline entries), and with them the plans the engine caches per connection: the foreign key checks
 * on a contact (a tag attached, a timeline entry written) and the prepared list queries (a page's tags
 * and note counts). Planned while the statistics say these tables, or an organization's share of them,
 * are empty, they walk whole tables or organizations where a key would do.
 */
export async function analyzeContacts(db: Database): Promise<void> {
  // A small sample (3,000 rows a table instead of 30,000): on the embedded engine ANALYZE holds every
  // other request meanwhile, and the plans only need the rough sizes. The regular maintenance (or
  // autovacuum) takes the full statistics again later.
  await db.transaction(async (tx) => {
    await tx.execute(sql`set local default_statistics_target = 10`);
    await tx.execute(sql`analyze ${contacts}, ${contactTags}, ${contactNotes}`);
  });
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
 * The contacts whose name, WhatsApp profile name or number contains `text`, read as the Contacts search
 * reads it (searchTerm), as a condition on the contacts table for other modules' queries (the inbox
 * searches conversations by their contact). Names match case-insensitively; all are served by the
 * trigram indexes.
 */
export function contactMatching(text: string): SQL {
  const term = searchTerm(text);
  if (term.by === 'number') return like(contacts.phoneE164, `%${term.fragment}%`);
  return or(ilike(contacts.name, `%${term.text}%`), ilike(contacts.profileName, `%${term.text}%`)) as SQL;
}
