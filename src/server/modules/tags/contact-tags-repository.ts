import { and, asc, eq, exists, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { ContactTag } from '@shared/api/contacts';
import type { Queryable } from '../../db/database';
import { contacts, contactTags, tags } from '../../db/schema';

/**
 * The contact-tags repository owns contact_tags: which contact carries which tag. A deleted tag stays
 * attached, hidden from every read here, and returns with a restore.
 */

export interface TagRef {
  id: string;
  name: string;
}

/** The (not deleted) tags of the organization among these ids, by name; other ids are simply missing. */
export async function liveTagsAmong(db: Queryable, organizationId: string, tagIds: readonly string[]): Promise<TagRef[]> {
  if (tagIds.length === 0) return [];
  return db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(and(eq(tags.organizationId, organizationId), inArray(tags.id, [...tagIds]), isNull(tags.deletedAt)))
    .orderBy(asc(tags.name));
}

/** The contact's (not deleted) tags, by name. */
export async function tagsOfContact(db: Queryable, organizationId: string, contactId: string): Promise<TagRef[]> {
  return db
    .select({ id: tags.id, name: tags.name })
    .from(contactTags)
    .innerJoin(tags, and(eq(tags.organizationId, contactTags.organizationId), eq(tags.id, contactTags.tagId)))
    .where(and(eq(contactTags.organizationId, organizationId), eq(contactTags.contactId, contactId), isNull(tags.deletedAt)))
    .orderBy(asc(tags.name));
}

export async function attachTags(db: Queryable, organizationId: string, contactId: string, tagIds: readonly string[]): Promise<void> {
  if (tagIds.length === 0) return;
  await db
    .insert(contactTags)
    .values(tagIds.map((tagId) => ({ organizationId, contactId, tagId })))
    .onConflictDoNothing();
}

export async function detachTags(db: Queryable, organizationId: string, contactId: string, tagIds: readonly string[]): Promise<void> {
  if (tagIds.length === 0) return;
  await db
    .delete(contactTags)
    .where(and(eq(contactTags.organizationId, organizationId), eq(contactTags.contactId, contactId), inArray(contactTags.tagId, [...tagIds])));
}

/** Attaches one tag to many contacts in one statement (a CSV import's batch). */
export async function tagContacts(db: Queryable, organizationId: string, tagId: string, contactIds: readonly string[]): Promise<void> {
  if (contactIds.length === 0) return;
  await db.execute(sql`
    insert into ${contactTags} (organization_id, contact_id, tag_id)
    select ${organizationId}::uuid, contact_id, ${tagId}::uuid from unnest(${sql.param([...contactIds])}::uuid[]) as c(contact_id)
    on conflict do nothing`);
}

/**
 * The (not deleted) tags of the contact `row` names, as the API shows them, by name: a correlated
 * subquery on the contact_tags primary key, so a page of contacts and their tags is one query. `row` is
 * the SQL name of the contacts row in that query.
 */
export function contactTagList(row: SQL): SQL<ContactTag[]> {
  return sql<ContactTag[]>`coalesce((
    select json_agg(json_build_object('tagId', t.id, 'tag', json_build_object('id', t.id, 'name', t.name, 'color', t.color)) order by t.name)
    from ${contactTags} ct
    join ${tags} t on t.organization_id = ct.organization_id and t.id = ct.tag_id
    where ct.organization_id = ${row}.organization_id and ct.contact_id = ${row}.id and t.deleted_at is null
  ), '[]'::json)`;
}

/** A condition on a contacts query: the contact carries one of these tags. */
export function carriesAnyTag(tagIds: readonly string[]): SQL {
  return exists(
    sql`(select 1 from ${contactTags} where ${contactTags.organizationId} = ${contacts.organizationId}
      and ${contactTags.contactId} = ${contacts.id} and ${inArray(contactTags.tagId, [...tagIds])})`,
  );
}
