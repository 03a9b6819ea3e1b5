import { object, type InferType } from 'yup';
import { CANNED_RESPONSE_PLACEHOLDERS, unknownPlaceholders } from '../canned-responses/placeholders';
import { CANNED_RESPONSE_CONTENT_MAX, CANNED_RESPONSE_PAGE_SIZE, CANNED_RESPONSE_SHORTCUT } from '../constants';
import { pageQuerySchema } from './page-query';
import { trimmedText } from './trimmed-text';

/** The canned response form's rules, which the canned responses API applies to the same fields. */

/** Letters and digits of any script, hyphens and underscores: what may follow '/' in the composer. */
const SHORTCUT_CHARACTERS = /^[\p{L}\p{M}\p{N}_-]+$/u;

const PLACEHOLDER_LIST = CANNED_RESPONSE_PLACEHOLDERS.map((name) => `{{${name}}}`).join(', ');

/** Unique per organization in any case: 'Greet' and 'greet' are the same shortcut. */
export const cannedResponseShortcutField = trimmedText('Shortcut must be text')
  .required('Shortcut is required')
  .min(CANNED_RESPONSE_SHORTCUT.min, `Shortcut must be at least ${CANNED_RESPONSE_SHORTCUT.min} characters`)
  .max(CANNED_RESPONSE_SHORTCUT.max, `Shortcut must be at most ${CANNED_RESPONSE_SHORTCUT.max} characters`)
  .matches(SHORTCUT_CHARACTERS, 'Shortcut can only contain letters, numbers, hyphens and underscores');

export const cannedResponseContentField = trimmedText('Content must be text')
  .required('Content is required')
  .max(CANNED_RESPONSE_CONTENT_MAX, `Content must be at most ${CANNED_RESPONSE_CONTENT_MAX.toLocaleString('en-US')} characters`)
  .test('placeholders', (value, context) => {
    const [unknown] = unknownPlaceholders(value ?? '');
    return unknown === undefined || context.createError({ message: `Unknown placeholder {{${unknown}}}: use ${PLACEHOLDER_LIST}` });
  });

/** POST /canned-responses and PUT /canned-responses/{id}: the canned response dialog. */
export const cannedResponseSchema = object({
  shortcut: cannedResponseShortcutField,
  content: cannedResponseContentField,
});

export type CannedResponseInput = InferType<typeof cannedResponseSchema>;

/** GET /canned-responses: by shortcut; one default page holds a team's whole set. */
export const cannedResponseListQuerySchema = pageQuerySchema(CANNED_RESPONSE_PAGE_SIZE);
