import { boolean, object, string, type InferType } from 'yup';
import { CONTACTS_PAGE_SIZE, MAX_TAGS_PER_BROADCAST, TAG_LIST_PAGE_SIZE, TAG_NAME } from '../constants';
import { pageQuerySchema } from './page-query';

/** The tag form's rules, which the tags API applies to the same fields. */

const TAG_NAME_CHARACTERS = /^[\p{L}\p{N} ._-]+$/u;
const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

export const tagNameField = string()
  .trim()
  .required('Tag name is required')
  .min(TAG_NAME.min, `Tag name must be at least ${TAG_NAME.min} characters`)
  .max(TAG_NAME.max, `Tag name must be less than ${TAG_NAME.max} characters`)
  .matches(TAG_NAME_CHARACTERS, 'Tag name can only contain letters, numbers, spaces, dots, underscores, and hyphens');

export const tagColorField = string()
  .trim()
  .required('Color is required')
  .matches(HEX_COLOR, 'Invalid color format');

/** POST /tags and PUT /tags/{id}: the Create Tag modal. */
export const tagSchema = object({
  name: tagNameField,
  color: tagColorField,
});

export type TagInput = InferType<typeof tagSchema>;

/** GET /tags: deleted tags are left out unless asked for (the Tags screen asks; pickers do not). */
export const tagListQuerySchema = pageQuerySchema(TAG_LIST_PAGE_SIZE).shape({
  includeDeleted: boolean().typeError('includeDeleted must be true or false').default(false),
});

/** The ids in GET /tags/contacts?tags=a,b,c (empty entries are skipped). */
export function tagIdList(tags: string): string[] {
  return tags.split(',').map((id) => id.trim()).filter(Boolean);
}

/** GET /tags/contacts?tags=…: a broadcast's audience, the contacts carrying any of the tags. */
export const contactsByTagsQuerySchema = pageQuerySchema(CONTACTS_PAGE_SIZE).shape({
  tags: string()
    .trim()
    .required('Select at least one tag')
    .test(
      'tag-count',
      `Too many tags selected (max ${MAX_TAGS_PER_BROADCAST})`,
      (value) => !value || value.split(',').length <= MAX_TAGS_PER_BROADCAST,
    ),
});
