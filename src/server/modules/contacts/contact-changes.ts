import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { DUPLICATE_CONTACT_MESSAGE } from '@shared/api/contacts';
import { formatPhone, normalizePhone } from '@shared/phone';
import type { Database, Queryable } from '../../db/database';
import { contacts } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, forbidden, DomainError, notFound } from '../../lib/domain-error';
import { isUuid } from '../../lib/ids';
import { addSystemNote } from '../notes/system-notes';
import { applyTagChange, currentTags, describeTagChange, isNoChange, resolveTags, tagChange } from './contact-tags';
import { CONTACT_NOT_FOUND, findContactRow } from './contact-store';
import type { ContactRow } from './contact-view';

/** Who changes a contact, and whether their role lets them assign tags (contacts:tag). */
export interface ContactActor {
  organizationId: string;
  userId: string;
  mayTag: boolean;
}

/** The add/edit modal's values after the shared schema has checked them; no tagIds leaves tags alone. */
export interface ContactValues {
  name?: string | null;
  countryCode: string;
  phoneNumber: string;
  tagIds?: string[];
}

export const CONTACT_DELETED = 'This contact is deleted. Restore it before changing it.';
export const NOT_ALLOWED_TO_TAG = "You don't have permission to assign tags";

async function duplicateOf(db: Queryable, organizationId: string, e164: string): Promise<DomainError> {
  const [existing] = await db
    .select({ deletedAt: contacts.deletedAt })
    .from(contacts)
    .where(and(eq(contacts.organizationId, organizationId), eq(contacts.phoneE164, e164)));
  const message = existing?.deletedAt
    ? `${DUPLICATE_CONTACT_MESSAGE} (deleted): restore it instead`
    : DUPLICATE_CONTACT_MESSAGE;
  return conflict(message, 'DUPLICATE_CONTACT');
}

/** Adds a contact with its tags; a number the organization already has answers DUPLICATE_CONTACT. */
export async function createContact(db: Database, actor: ContactActor, values: ContactValues): Promise<string> {
  const phone = normalizePhone(values.countryCode, values.phoneNumber);
  return db.transaction(async (tx) => {
    const wanted = await resolveTags(tx, actor.organizationId, values.tagIds ?? []);
    if (wanted.length > 0 && !actor.mayTag) throw forbidden(NOT_ALLOWED_TO_TAG);
    const [created] = await tx
      .insert(contacts)
      .values({
        organizationId: actor.organizationId,
        name: values.name ?? null,
        countryCode: phone.countryCode,
        phoneNumber: phone.phoneNumber,
        phoneE164: phone.e164,
      })
      .onConflictDoNothing({ target: [contacts.organizationId, contacts.phoneE164] })
      .returning({ id: contacts.id });
    if (!created) throw await duplicateOf(tx, actor.organizationId, phone.e164);

    const note = { organizationId: actor.organizationId, contactId: created.id, userId: actor.userId };
    await addSystemNote(tx, { ...note, content: 'Contact created' });
    if (wanted.length > 0) {
      const change = { added: wanted, removed: [] };
      await applyTagChange(tx, actor.organizationId, created.id, change);
      await addSystemNote(tx, { ...note, content: describeTagChange(change) });
    }
    return created.id;
  });
}

/**
 * The contact, locked for the rest of the transaction so a concurrent delete waits; deleted contacts
 * are read-only (the screen offers them only Restore), so changing one answers 409.
 */
export async function lockEditableContact(db: Queryable, organizationId: string, contactId: string): Promise<ContactRow> {
  if (!isUuid(contactId)) throw notFound(CONTACT_NOT_FOUND);
  const [row] = await db
    .select()
    .from(contacts)
    .where(and(eq(contacts.organizationId, organizationId), eq(contacts.id, contactId)))
    .for('update');
  if (!row) throw notFound(CONTACT_NOT_FOUND);
  if (row.deletedAt) throw conflict(CONTACT_DELETED);
  return row;
}

function describeDetailChange(before: ContactRow, after: { name: string | null; countryCode: string; phoneNumber: string }): string | null {
  const parts: string[] = [];
  if ((before.name ?? null) !== after.name) parts.push(`name "${before.name ?? ''}" → "${after.name ?? ''}"`);
  const beforePhone = formatPhone(before.countryCode, before.phoneNumber);
  const afterPhone = formatPhone(after.countryCode, after.phoneNumber);
  if (beforePhone !== afterPhone) parts.push(`phone ${beforePhone} → ${afterPhone}`);
  return parts.length > 0 ? `Details updated: ${parts.join(', ')}` : null;
}

/** Edits a contact (PUT is the whole modal); a tag change needs contacts:tag and is recorded on the timeline. */
export async function updateContact(db: Database, actor: ContactActor, contactId: string, values: ContactValues): Promise<void> {
  const phone = normalizePhone(values.countryCode, values.phoneNumber);
  const name = values.name ?? null;
  await db.transaction(async (tx) => {
    const before = await lockEditableContact(tx, actor.organizationId, contactId);
    const note = { organizationId: actor.organizationId, contactId: before.id, userId: actor.userId };

    if (values.tagIds !== undefined) {
      const change = tagChange(
        await currentTags(tx, actor.organizationId, before.id),
        await resolveTags(tx, actor.organizationId, values.tagIds),
      );
      if (!isNoChange(change)) {
        if (!actor.mayTag) throw forbidden(NOT_ALLOWED_TO_TAG);
        await applyTagChange(tx, actor.organizationId, before.id, change);
        await addSystemNote(tx, { ...note, content: describeTagChange(change) });
      }
    }

    const details = describeDetailChange(before, { name, countryCode: phone.countryCode, phoneNumber: phone.phoneNumber });
    if (!details) return;
    try {
      // A savepoint, so that a number already taken fails this statement, not the whole transaction.
      await tx.transaction((sp) =>
        sp
          .update(contacts)
          .set({ name, countryCode: phone.countryCode, phoneNumber: phone.phoneNumber, phoneE164: phone.e164 })
          .where(eq(contacts.id, before.id)),
      );
    } catch (error) {
      if (isUniqueViolation(error)) throw await duplicateOf(tx, actor.organizationId, phone.e164);
      throw error;
    }
    await addSystemNote(tx, { ...note, content: details });
  });
}

/**
 * Soft delete and restore. The update's condition on deleted_at makes each a single atomic step: two
 * people deleting at once record one deletion, and the second is told it already happened.
 */
export async function setContactDeleted(db: Database, actor: ContactActor, contactId: string, deleted: boolean): Promise<void> {
  if (!isUuid(contactId)) throw notFound(CONTACT_NOT_FOUND);
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(contacts)
      .set({ deletedAt: deleted ? sql`now()` : null })
      .where(
        and(
          eq(contacts.organizationId, actor.organizationId),
          eq(contacts.id, contactId),
          deleted ? isNull(contacts.deletedAt) : isNotNull(contacts.deletedAt),
        ),
      )
      .returning({ id: contacts.id });
    if (!changed) {
      if (!(await findContactRow(tx, actor.organizationId, contactId))) throw notFound(CONTACT_NOT_FOUND);
      throw conflict(deleted ? 'This contact is already deleted' : 'This contact is not deleted');
    }
    await addSystemNote(tx, {
      organizationId: actor.organizationId,
      contactId,
      userId: actor.userId,
      content: deleted ? 'Contact deleted' : 'Contact restored',
    });
  });
}
