import type { Paginated } from './pagination';

export type TagType = 'manual' | 'csv_import';

/** A tag with the number of (not deleted) contacts carrying it. */
export interface Tag {
  id: string;
  name: string;
  color: string;
  type: TagType;
  createdAt: string;
  deletedAt: string | null;
  contactCount: number;
}

export type TagPage = Paginated<Tag>;

/** POST /tags and PUT /tags/{id}: the shape the shared tag schema passes on. */
export type { TagInput } from '../validation/tags';

/** GET /tags: deleted tags are left out unless asked for (the Tags screen asks; pickers do not). */
export interface TagListQuery {
  page?: number;
  limit?: number;
  includeDeleted?: boolean;
}
