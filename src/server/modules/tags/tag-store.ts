import { and, asc, count, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tag, TagInput, TagPage } from '@shared/api/tags';
import type { Database, Queryable } from '../../db/database';
import { contacts, contactTags, tags } from '../../db/schema';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, notFound, type DomainError } from '../../lib/domain-error';
import { isUuid } from '../../lib/ids';
import { offsetOf, toPage, type PageRequest } from '../../lib/pagination';

export const TAG_NOT_FOUND = 'Tag not found';
export const TAG_DELETED = 'This tag is deleted. Restore it before changing it.';

type TagRow = typeof tags.$inferSelect;

/** How many contacts (not deleted) carry each tag, counted by the database for just these tags. */
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

async function nameTaken(db: Queryable, organizationId: string, name: string): Promise<DomainError> {
  const existing = await findTagByName(db, organizationId, name);
  return conflict(
    existing?.deletedAt
      ? `A deleted tag is named "${existing.name}": restore it instead`
      : `A tag named "${existing?.name ?? name}" already exists`,
  );
}

export async function createTag(db: Queryable, organizationId: string, input: TagInput): Promise<string> {
  const [created] = await db
    .insert(tags)
    .values({ organizationId, name: input.name, color: input.color, type: 'manual' })
    .onConflictDoNothing()
    .returning({ id: tags.id });
  if (!created) throw await nameTaken(db, organizationId, input.name);
  return created.id;
}

export async function updateTag(db: Database, organizationId: string, tagId: string, input: TagInput): Promise<void> {
  const existing = await findTag(db, organizationId, tagId);
  if (!existing) throw notFound(TAG_NOT_FOUND);
  if (existing.deletedAt) throw conflict(TAG_DELETED);
  try {
    await db
      .update(tags)
      .set({ name: input.name, color: input.color })
      .where(and(eq(tags.organizationId, organizationId), eq(tags.id, tagId), isNull(tags.deletedAt)));
  } catch (error) {
    if (isUniqueViolation(error)) throw await nameTaken(db, organizationId, input.name);
    throw error;
  }
}

/** Soft delete or restore in one conditional update; contacts keep the tag, hidden until it returns. */
export async function setTagDeleted(db: Queryable, organizationId: string, tagId: string, deleted: boolean): Promise<void> {
  if (!isUuid(tagId)) throw notFound(TAG_NOT_FOUND);
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
  if (changed) return;
  if (!(await findTag(db, organizationId, tagId))) throw notFound(TAG_NOT_FOUND);
  throw conflict(deleted ? 'This tag is already deleted' : 'This tag is not deleted');
}
