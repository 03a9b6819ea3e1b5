import { DUPLICATE_CONTACT_MESSAGE, type Contact, type ContactInput, type ContactPage } from '@shared/api/contacts';
import { formatPhone, normalizePhone } from '@shared/phone';
import type { Database, Queryable } from '../../db/database';
import { conflict, forbidden, invalidInput, notFound, type DomainError } from '../../lib/domain-error';
import { isUuid } from '../../lib/ids';
import { toPage, type PageRequest } from '../../lib/pagination';
import { attachTags, detachTags, liveTagsAmong, tagsOfContact, type TagRef } from '../tags';
import { recordActivity } from '../timeline';
import { CONTACT_ACTIVITY } from './contact-activity';
import { listContacts as listContactPage, listLiveContactsCarrying } from './contact-list-repository';
import { searchContacts as searchContactRows } from './contact-search-repository';
import type { ContactRow } from './contact-view-repository';
import {
  findContact,
  findContactRow,
  insertContact,
  lockContactRow,
  numberHolder,
  setContactDeletedAt,
  updateContactDetails,
  type ContactDetails,
} from './contacts-repository';
import { describeTagChange, isNoChange, tagChange } from './tag-change';

export const CONTACT_NOT_FOUND = 'Contact not found';
export const CONTACT_DELETED = 'This contact is deleted. Restore it before changing it.';
export const NOT_ALLOWED_TO_TAG = "You don't have permission to assign tags";
export const UNKNOWN_TAGS = 'Some of the selected tags no longer exist. Reload and pick again.';

/** Who changes a contact, and whether their role lets them assign tags (contacts:tag). */
export interface ContactActor {
  organizationId: string;
  userId: string;
  mayTag: boolean;
}

/** A contact of the organization (deleted or not); a foreign or unknown id answers 404. */
export async function getContact(db: Queryable, organizationId: string, contactId: string): Promise<Contact> {
  const contact = await findContact(db, organizationId, contactId);
  if (!contact) throw notFound(CONTACT_NOT_FOUND);
  return contact;
}

/** The Contacts screen's list: every contact of the organization, deleted ones too (struck through). */
export function listContacts(db: Database, organizationId: string, page: PageRequest): Promise<ContactPage> {
  return listContactPage(db, organizationId, page);
}

export function searchContacts(db: Database, organizationId: string, query: string): Promise<Contact[]> {
  return searchContactRows(db, organizationId, query);
}

/**
 * A broadcast audience: the (not deleted) contacts carrying any of these (not deleted) tags, each once,
 * newest first. Ids that are not the organization's tags simply match nothing.
 */
export async function listContactsWithAnyTag(db: Queryable, organizationId: string, tagIds: readonly string[], page: PageRequest): Promise<ContactPage> {
  const live = await liveTagsAmong(db, organizationId, tagIds.filter(isUuid));
  if (live.length === 0) return toPage([], page, 0);
  return listLiveContactsCarrying(db, organizationId, live.map((tag) => tag.id), page);
}

/** The (not deleted) tags of the organization with these ids; any other id is refused. */
async function resolveTags(db: Queryable, organizationId: string, tagIds: readonly string[]): Promise<TagRef[]> {
  const unique = [...new Set(tagIds)];
  if (unique.length === 0) return [];
  if (!unique.every(isUuid)) throw invalidInput(UNKNOWN_TAGS);
  const found = await liveTagsAmong(db, organizationId, unique);
  if (found.length !== unique.length) throw invalidInput(UNKNOWN_TAGS);
  return found;
}

async function duplicateOf(db: Queryable, organizationId: string, e164: string): Promise<DomainError> {
  const holder = await numberHolder(db, organizationId, e164);
  const message = holder?.deleted ? `${DUPLICATE_CONTACT_MESSAGE} (deleted): restore it instead` : DUPLICATE_CONTACT_MESSAGE;
  return conflict(message, 'DUPLICATE_CONTACT');
}

function detailsOf(input: ContactInput): ContactDetails {
  return { name: input.name ?? null, phone: normalizePhone(input.countryCode, input.phoneNumber) };
}

/** Adds a contact with its tags; a number the organization already has answers DUPLICATE_CONTACT. */
export async function createContact(db: Database, actor: ContactActor, input: ContactInput): Promise<Contact> {
  const details = detailsOf(input);
  const id = await db.transaction(async (tx) => {
    const wanted = await resolveTags(tx, actor.organizationId, input.tagIds ?? []);
    if (wanted.length > 0 && !actor.mayTag) throw forbidden(NOT_ALLOWED_TO_TAG);
    const created = await insertContact(tx, actor.organizationId, details);
    if (!created) throw await duplicateOf(tx, actor.organizationId, details.phone.e164);

    const activity = { organizationId: actor.organizationId, contactId: created, userId: actor.userId };
    await recordActivity(tx, { ...activity, content: CONTACT_ACTIVITY.created });
    if (wanted.length > 0) {
      await attachTags(tx, actor.organizationId, created, wanted.map((tag) => tag.id));
      await recordActivity(tx, { ...activity, content: describeTagChange({ added: wanted, removed: [] }) });
    }
    return created;
  });
  return getContact(db, actor.organizationId, id);
}

/**
 * The contact, locked for the rest of the transaction so a concurrent delete waits; deleted contacts
 * are read-only (the screen offers them only Restore), so changing one answers 409.
 */
async function lockEditableContact(db: Queryable, organizationId: string, contactId: string): Promise<ContactRow> {
  const row = await lockContactRow(db, organizationId, contactId);
  if (!row) throw notFound(CONTACT_NOT_FOUND);
  if (row.deletedAt) throw conflict(CONTACT_DELETED);
  return row;
}

/** Runs `change` in a transaction on the contact, locked and checked editable first. */
export function onEditableContact<T>(
  db: Database,
  organizationId: string,
  contactId: string,
  change: (tx: Queryable, contact: ContactRow) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => change(tx, await lockEditableContact(tx, organizationId, contactId)));
}

function describeDetailChange(before: ContactRow, after: ContactDetails): string | null {
  const parts: string[] = [];
  if ((before.name ?? null) !== after.name) parts.push(`name "${before.name ?? ''}" → "${after.name ?? ''}"`);
  const beforePhone = formatPhone(before.countryCode, before.phoneNumber);
  const afterPhone = formatPhone(after.phone.countryCode, after.phone.phoneNumber);
  if (beforePhone !== afterPhone) parts.push(`phone ${beforePhone} → ${afterPhone}`);
  return parts.length > 0 ? `Details updated: ${parts.join(', ')}` : null;
}

/** Edits a contact (PUT is the whole modal); a tag change needs contacts:tag, and every change is recorded on the timeline. */
export async function updateContact(db: Database, actor: ContactActor, contactId: string, input: ContactInput): Promise<Contact> {
  const details = detailsOf(input);
  await onEditableContact(db, actor.organizationId, contactId, async (tx, before) => {
    const activity = { organizationId: actor.organizationId, contactId: before.id, userId: actor.userId };
    if (input.tagIds !== undefined) {
      const change = tagChange(await tagsOfContact(tx, actor.organizationId, before.id), await resolveTags(tx, actor.organizationId, input.tagIds));
      if (!isNoChange(change)) {
        if (!actor.mayTag) throw forbidden(NOT_ALLOWED_TO_TAG);
        await detachTags(tx, actor.organizationId, before.id, change.removed.map((tag) => tag.id));
        await attachTags(tx, actor.organizationId, before.id, change.added.map((tag) => tag.id));
        await recordActivity(tx, { ...activity, content: describeTagChange(change) });
      }
    }
    const described = describeDetailChange(before, details);
    if (!described) return;
    if (!(await updateContactDetails(tx, before.id, details))) throw await duplicateOf(tx, actor.organizationId, details.phone.e164);
    await recordActivity(tx, { ...activity, content: described });
  });
  return getContact(db, actor.organizationId, contactId);
}

/** Soft delete and restore: of two people deleting at once, one records the deletion and the other is told it happened. */
export async function setContactDeleted(db: Database, actor: ContactActor, contactId: string, deleted: boolean): Promise<Contact> {
  if (!isUuid(contactId)) throw notFound(CONTACT_NOT_FOUND);
  await db.transaction(async (tx) => {
    if (!(await setContactDeletedAt(tx, actor.organizationId, contactId, deleted))) {
      if (!(await findContactRow(tx, actor.organizationId, contactId))) throw notFound(CONTACT_NOT_FOUND);
      throw conflict(deleted ? 'This contact is already deleted' : 'This contact is not deleted');
    }
    await recordActivity(tx, {
      organizationId: actor.organizationId,
      contactId,
      userId: actor.userId,
      content: deleted ? CONTACT_ACTIVITY.deleted : CONTACT_ACTIVITY.restored,
    });
  });
  return getContact(db, actor.organizationId, contactId);
}

// Other modules find a contact and filter by its number or name inside their own queries.
export { type ContactColumns, contactMatching, findContactRow } from './contacts-repository';
