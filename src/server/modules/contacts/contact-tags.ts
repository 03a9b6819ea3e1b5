import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { contactTags, tags } from '../../db/schema';
import { invalidInput } from '../../lib/domain-error';
import { isUuid } from '../../lib/ids';

export interface TagRef {
  id: string;
  name: string;
}

export const UNKNOWN_TAGS = 'Some of the selected tags no longer exist. Reload and pick again.';

/** The (not deleted) tags of the organization with these ids; any other id is refused. */
export async function resolveTags(db: Queryable, organizationId: string, tagIds: readonly string[]): Promise<TagRef[]> {
  const unique = [...new Set(tagIds)];
  if (unique.length === 0) return [];
  if (!unique.every(isUuid)) throw invalidInput(UNKNOWN_TAGS);
  const found = await db
    .select({ id: tags.id, name: tags.name })
    .from(tags)
    .where(and(eq(tags.organizationId, organizationId), inArray(tags.id, unique), isNull(tags.deletedAt)))
    .orderBy(asc(tags.name));
  if (found.length !== unique.length) throw invalidInput(UNKNOWN_TAGS);
  return found;
}

/** The contact's tags the user can see (deleted tags stay attached, hidden, and return with a restore). */
export async function currentTags(db: Queryable, organizationId: string, contactId: string): Promise<TagRef[]> {
  return db
    .select({ id: tags.id, name: tags.name })
    .from(contactTags)
    .innerJoin(tags, and(eq(tags.organizationId, contactTags.organizationId), eq(tags.id, contactTags.tagId)))
    .where(and(eq(contactTags.organizationId, organizationId), eq(contactTags.contactId, contactId), isNull(tags.deletedAt)))
    .orderBy(asc(tags.name));
}

export interface TagChange {
  added: TagRef[];
  removed: TagRef[];
}

export function tagChange(before: readonly TagRef[], after: readonly TagRef[]): TagChange {
  const beforeIds = new Set(before.map((t) => t.id));
  const afterIds = new Set(after.map((t) => t.id));
  return { added: after.filter((t) => !beforeIds.has(t.id)), removed: before.filter((t) => !afterIds.has(t.id)) };
}

export function isNoChange({ added, removed }: TagChange): boolean {
  return added.length === 0 && removed.length === 0;
}

/** The timeline's words for a change: 'Tags changed: added VIP, Lead; removed Old'. */
export function describeTagChange({ added, removed }: TagChange): string {
  const parts: string[] = [];
  if (added.length > 0) parts.push(`added ${added.map((t) => t.name).join(', ')}`);
  if (removed.length > 0) parts.push(`removed ${removed.map((t) => t.name).join(', ')}`);
  return `Tags changed: ${parts.join('; ')}`;
}

/** Applies a change to the contact's visible tags; attachments to deleted tags are left as they are. */
export async function applyTagChange(db: Queryable, organizationId: string, contactId: string, change: TagChange): Promise<void> {
  if (change.removed.length > 0) {
    await db.delete(contactTags).where(
      and(
        eq(contactTags.organizationId, organizationId),
        eq(contactTags.contactId, contactId),
        inArray(contactTags.tagId, change.removed.map((t) => t.id)),
      ),
    );
  }
  if (change.added.length > 0) {
    await db
      .insert(contactTags)
      .values(change.added.map((t) => ({ organizationId, contactId, tagId: t.id })))
      .onConflictDoNothing();
  }
}

/** Attaches one tag to many contacts in one statement (CSV import). */
export async function tagContacts(db: Queryable, organizationId: string, tagId: string, contactIds: readonly string[]): Promise<void> {
  if (contactIds.length === 0) return;
  await db.execute(sql`
    insert into ${contactTags} (organization_id, contact_id, tag_id)
    select ${organizationId}::uuid, contact_id, ${tagId}::uuid from unnest(${sql.param([...contactIds])}::uuid[]) as c(contact_id)
    on conflict do nothing`);
}
