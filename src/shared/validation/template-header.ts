import { object, string } from 'yup';
import { HEADER_MEDIA_TEXTS, isHttpsLink, MAX_HEADER_LINK_LENGTH } from '../templates/header-media';
import { UUID_FORMAT } from './route-input';

/**
 * A template send's `header`: `{ mediaId }` (a file uploaded through POST /media/template-header) or
 * `{ link }` (an https URL), never both. Whether the template needs one is checked against the template.
 */
export const templateHeaderField = object({
  mediaId: string().matches(UUID_FORMAT, HEADER_MEDIA_TEXTS.fileNotFound).optional(),
  link: string()
    .trim()
    .max(MAX_HEADER_LINK_LENGTH, HEADER_MEDIA_TEXTS.linkInvalid)
    .test('https', HEADER_MEDIA_TEXTS.linkInvalid, (value) => value === undefined || isHttpsLink(value))
    .optional(),
})
  .default(undefined)
  .optional()
  .test('one-source', HEADER_MEDIA_TEXTS.either, (value) => value === undefined || (value.mediaId === undefined) !== (value.link === undefined));
