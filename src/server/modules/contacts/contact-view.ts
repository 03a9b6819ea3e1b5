import { getTableColumns, sql } from 'drizzle-orm';
import type { Contact, ContactTag } from '@shared/api/contacts';
import { contactNotes, contacts, contactTags, tags } from '../../db/schema';

export type ContactRow = typeof contacts.$inferSelect;

/**
 * A contact's (not deleted) tags as the API shows them, by name: a correlated subquery on the
 * contact_tags primary key, so a page of contacts and their tags is one query.
 */
const tagList = sql<ContactTag[]>`coalesce((
  select json_agg(json_build_object('tagId', t.id, 'tag', json_build_object('id', t.id, 'name', t.name, 'color', t.color)) order by t.name)
  from ${contactTags} ct
  join ${tags} t on t.organization_id = ct.organization_id and t.id = ct.tag_id
  where ct.organization_id = contacts.organization_id and ct.contact_id = contacts.id and t.deleted_at is null
), '[]'::json)`;

/** What people wrote about the contact; the system's activity entries are not counted in the badge. */
const noteCount = sql<number>`(
  select count(*)::int from ${contactNotes} n
  where n.organization_id = contacts.organization_id and n.contact_id = contacts.id and n.type = 'note'
)`;

/**
 * Select these from contacts (unaliased: the subqueries name the outer row `contacts`, since drizzle
 * leaves columns unqualified inside selected SQL) to read contacts as the API shows them.
 */
export const contactViewColumns = { ...getTableColumns(contacts), tags: tagList, notes: noteCount };

export type ContactViewRow = ContactRow & { tags: ContactTag[]; notes: number };

export function toContact(row: ContactViewRow): Contact {
  return {
    id: row.id,
    name: row.name,
    countryCode: row.countryCode,
    phoneNumber: row.phoneNumber,
    tags: row.tags,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
    _count: { notes: Number(row.notes) },
  };
}
