import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tag, TagPage, TagType } from '@shared/api/tags';
import type { Queryable } from '../../db/database';
import { contacts, contactTags, tags } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { isUuid } from '../../lib/ids';
import { offsetOf, toPage, type PageRequest } from '../../lib/pagination';

/** The tags repository owns tags (contact-tags-repository.ts owns which contact carries which tag). */

export type TagRow = typeof tags.$inferSelect;

/**
 * How many contacts (not deleted) carry each tag, counted by the database for just these tags. It reads
 * contacts' deleted_at: a tag's count leaves deleted contacts out.
 */
async function contactCounts(db: Queryable, organizationId: string, tagIds: readonly string[]): Promise<Map<string, number>> {
  if (tagIds.length === 0) return new Map();
  const rows = await db
    .select({ tagId: contactTags.tagId, n: count() })
    .from(contactTags)
    .innerJoin(contacts, and(eq(contacts.organizationId, contactTags.organizationId), eq(contacts.id, contactTags.contactId)))
    .where(and(eq(contactTags.organizationId, organizationId), inArray(contactTags.tagId, [...tagIds]), isNull(contacts.deletedAt)))
    .groupBy(contactTags.tagId);
  return new Map(rows.map((row) => [row.tagId, Number(row.n)]));
}

async function toTags(db: Queryable, organizationId: string, rows: readonly TagRow[]): Promise<Tag[]> {
  const counts = await contactCounts(db, organizationId, rows.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    color: row.color,
    type: row.type,
    createdAt: row.createdAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
    contactCount: counts.get(row.id) ?? 0,
  }));
}

/** Tags by name (the unique lower(name) index serves the order); deleted ones only when asked for. */
export async function listTags(
  db: Queryable,
  organizationId: string,
  page: PageRequest & { includeDeleted: boolean },
): Promise<TagPage> {
  const where = page.includeDeleted
    ? eq(tags.organizationId, organizationId)
    : and(eq(tags.organizationId, organizationId), isNull(tags.deletedAt));
  const [[{ total }], rows] = await Promise.all([
    db.select({ total: count() }).from(tags).where(where),
    db
      .select()
      .from(tags)
      .where(where)
      .orderBy(sql`lower(${tags.name})`, asc(tags.id))
      .limit(page.limit)
      .offset(offsetOf(page)),
  ]);
  return toPage(await toTags(db, organizationId, rows), page, Number(total));
}

/** A tag of the organization (deleted or not) with its contact count, or null: a foreign id and a missing one look the same. */
export async function findTag(db: Queryable, organizationId: string, tagId: string): Promise<Tag | null> {
  if (!isUuid(tagId)) return null;
  const [row] = await db.select().from(tags).where(and(eq(tags.organizationId, organizationId), eq(tags.id, tagId)));
  return row ? (await toTags(db, organizationId, [row]))[0] : null;
}

/** A tag of the organization by name, case-insensitively, deleted or not (names are unique either way). */
export async function findTagByName(db: Queryable, organizationId: string, name: string): Promise<TagRow | null> {
  const [row] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.organizationId, organizationId), sql`lower(${tags.name}) = lower(${name})`));
  return row ?? null;
}

/** The new tag's id, or null when the organization already has a tag of that name (in any case). */
export async function insertTag(
  db: Queryable,
  organizationId: string,
  tag: { name: string; color: string; type: TagType },
): Promise<string | null> {
  const [created] = await db
    .insert(tags)
    .values({ organizationId, ...tag })
    .onConflictDoNothing()
    .returning({ id: tags.id });
  return created?.id ?? null;
}

/** Renames and recolours a tag that is not deleted; false when another tag has the name. */
export async function updateLiveTag(
  db: Queryable,
  organizationId: string,
  tagId: string,
  values: { name: string; color: string },
): Promise<boolean> {
  try {
    await db
      .update(tags)
      .set(values)
      .where(and(eq(tags.organizationId, organizationId), eq(tags.id, tagId), isNull(tags.deletedAt)));
    return true;
  } catch (error) {
    if (isUniqueViolation(error)) return false;
    throw error;
  }
}

/**
 * Soft delete or restore in one conditional update, so each is a single atomic step; false when the tag
 * was not in the other state (or is not the organization's). Contacts keep the tag, hidden until it returns.
 */
export async function setTagDeletedAt(db: Queryable, organizationId: string, tagId: string, deleted: boolean): Promise<boolean> {
  const [changed] = await db
    .update(tags)
    .set({ deletedAt: deleted ? sql`now()` : null })
    .where(
      and(
        eq(tags.organizationId, organizationId),
        eq(tags.id, tagId),
        deleted ? isNull(tags.deletedAt) : isNotNull(tags.deletedAt),
      ),
    )
    .returning({ id: tags.id });
  return changed !== undefined;
}
