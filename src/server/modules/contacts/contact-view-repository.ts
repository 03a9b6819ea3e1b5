import { getTableColumns, sql } from 'drizzle-orm';
import type { Contact, ContactTag } from '@shared/api/contacts';
import type { OptOutSource } from '@shared/opt-out/opt-out';
import { contacts } from '../../db/schema';
import { contactTagList } from '../tags';
import { writtenNoteCount } from '../timeline';

export type ContactRow = typeof contacts.$inferSelect;

/** The contacts row, as the subqueries below name it: drizzle leaves columns unqualified inside selected SQL. */
const CONTACT_ROW = sql`${sql.identifier('contacts')}`;

/**
 * Select these from contacts (unaliased, or from a derived table named `contacts`) to read contacts as the
 * API shows them: with their (not deleted) tags and how many notes people wrote (activity entries are not
 * counted in the badge), each a correlated subquery, so a page of contacts is one query.
 */
export const contactViewColumns = { ...getTableColumns(contacts), tags: contactTagList(CONTACT_ROW), notes: writtenNoteCount(CONTACT_ROW) };

export type ContactViewRow = ContactRow & { tags: ContactTag[]; notes: number };

export function toContact(row: ContactViewRow): Contact {
  return {
    id: row.id,
    name: row.name,
    profileName: row.profileName,
    countryCode: row.countryCode,
    phoneNumber: row.phoneNumber,
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
    optedOutAt: row.optedOutAt?.toISOString() ?? null,
    optOutSource: (row.optOutSource as OptOutSource | null) ?? null,
    _count: { notes: Number(row.notes) },
  };
}
