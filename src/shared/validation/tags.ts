import { object, string } from 'yup';
import { TAG_NAME } from '../constants';

/** The tag rules of SPEC.md section 5 (Tags). */

const TAG_NAME_CHARACTERS = /^[\p{L}\p{N} ._-]+$/u;
const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

export const tagNameField = string()
  .trim()
  .required('Tag name is required')
  .min(TAG_NAME.min, 'Tag name must be at least 2 characters')
  .max(TAG_NAME.max, 'Tag name must be less than 50 characters')
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
