import type { Tag, TagInput, TagPage } from '@shared/api/tags';
import { TAG_COLOR_PALETTE } from '@shared/constants';
import type { Database, Queryable } from '../../db/database';
import { conflict, notFound, type DomainError } from '../../lib/domain-error';
import { isUuid } from '../../lib/ids';
import type { PageRequest } from '../../lib/pagination';
import { findTag, findTagByName, insertTag, listTags as listTagRows, setTagDeletedAt, updateLiveTag } from './tags-repository';

export const TAG_NOT_FOUND = 'Tag not found';
export const TAG_DELETED = 'This tag is deleted. Restore it before changing it.';

export function listTags(db: Queryable, organizationId: string, query: PageRequest & { includeDeleted: boolean }): Promise<TagPage> {
  return listTagRows(db, organizationId, query);
}

/** A tag of the organization (deleted or not); a foreign or unknown id answers 404. */
export async function getTag(db: Queryable, organizationId: string, tagId: string): Promise<Tag> {
  const tag = await findTag(db, organizationId, tagId);
  if (!tag) throw notFound(TAG_NOT_FOUND);
  return tag;
}

async function nameTaken(db: Queryable, organizationId: string, name: string): Promise<DomainError> {
  const existing = await findTagByName(db, organizationId, name);
  return conflict(
    existing?.deletedAt
      ? `A deleted tag is named "${existing.name}": restore it instead`
      : `A tag named "${existing?.name ?? name}" already exists`,
  );
}

/** A manual tag; names are unique per organization in any case, deleted tags included. */
export async function createTag(db: Queryable, organizationId: string, input: TagInput): Promise<Tag> {
  const id = await insertTag(db, organizationId, { ...input, type: 'manual' });
  if (!id) throw await nameTaken(db, organizationId, input.name);
  return getTag(db, organizationId, id);
}

export async function updateTag(db: Database, organizationId: string, tagId: string, input: TagInput): Promise<Tag> {
  const existing = await getTag(db, organizationId, tagId);
  if (existing.deletedAt) throw conflict(TAG_DELETED);
  if (!(await updateLiveTag(db, organizationId, tagId, input))) throw await nameTaken(db, organizationId, input.name);
  return getTag(db, organizationId, tagId);
}

/** Soft delete and restore: a second delete (or restore) is told it already happened. */
export async function setTagDeleted(db: Queryable, organizationId: string, tagId: string, deleted: boolean): Promise<Tag> {
  if (!isUuid(tagId)) throw notFound(TAG_NOT_FOUND);
  if (!(await setTagDeletedAt(db, organizationId, tagId, deleted))) {
    await getTag(db, organizationId, tagId);
    throw conflict(deleted ? 'This tag is already deleted' : 'This tag is not deleted');
  }
  return getTag(db, organizationId, tagId);
}

/**
 * The tag a CSV import puts on its contacts: an existing tag of that name (any case) is reused, and
 * restored if it was deleted; otherwise a new csv_import tag is made, coloured from the palette by its name.
 */
export async function ensureImportTag(db: Queryable, organizationId: string, name: string): Promise<string> {
  const existing = await findTagByName(db, organizationId, name);
  if (existing) {
    if (existing.deletedAt) await setTagDeletedAt(db, organizationId, existing.id, false);
    return existing.id;
  }
  const hash = [...name.toLowerCase()].reduce((sum, c) => (sum * 31 + c.charCodeAt(0)) >>> 0, 7);
  const color = TAG_COLOR_PALETTE[hash % TAG_COLOR_PALETTE.length];
  const id = await insertTag(db, organizationId, { name, color, type: 'csv_import' });
  if (id) return id;
  // Another import made it meanwhile: that one is the tag.
  const made = await findTagByName(db, organizationId, name);
  if (!made) throw new Error(`The import tag "${name}" could not be created`);
  return made.id;
}

// Contacts, imports, automation and broadcasts tag contacts and filter by tags inside their own transactions and queries.
export { attachTags, carriesAnyTag, contactTagList, detachTags, liveTagsAmong, tagContacts, type TagRef, tagsOfContact } from './contact-tags-repository';
