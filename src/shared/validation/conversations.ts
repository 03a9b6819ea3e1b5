import { number, object, string } from 'yup';
import { CONVERSATION_FILTERS, CONVERSATION_STATUSES, MAX_SORT_KEY, SORT_KEY_DIGITS } from '../api/conversations';
import { CONTACT_SEARCH_QUERY_MAX, CONVERSATION_PAGE_SIZE, HANDOFF_NOTE_MAX_LENGTH, MEDIA_CAPTION_MAX_LENGTH, MESSAGE_MAX_LENGTH, MESSAGE_PAGE_SIZE } from '../constants';
import { pageField, pageQuerySchema } from './page-query';
import { UUID_FORMAT } from './route-input';

/** The inbox's request rules, shared by its forms and its routes. */

export const MESSAGE_EMPTY = 'Message cannot be empty';
export const MESSAGE_TOO_LONG = `Message is too long (max ${MESSAGE_MAX_LENGTH} characters)`;

const statusField = string().oneOf(CONVERSATION_STATUSES, `Status must be one of ${CONVERSATION_STATUSES.join(', ')}`);

/** The most conversations one `?ids=` request may name. */
export const CONVERSATION_IDS_MAX = 50;
export const TOO_MANY_CONVERSATION_IDS = `Ids may name at most ${CONVERSATION_IDS_MAX} conversations`;
export const MALFORMED_CONVERSATION_IDS = 'Ids must be conversation ids separated by commas';
// One id's pattern, without UUID_FORMAT's anchors.
const UUID_TEXT = UUID_FORMAT.source.slice(1, -1);
const ID_LIST_FORMAT = new RegExp(`^${UUID_TEXT}(,${UUID_TEXT})*$`, 'i');

/**
 * GET /conversations `ids`: conversation ids joined by commas. Each id takes 36 characters and a comma,
 * so the length alone refuses more than CONVERSATION_IDS_MAX before the format is read.
 */
export const conversationIdsField = string()
  .max(CONVERSATION_IDS_MAX * (36 + 1) - 1, TOO_MANY_CONVERSATION_IDS)
  .matches(ID_LIST_FORMAT, MALFORMED_CONVERSATION_IDS);

/** The ids of a valid `ids` value, each once, in lower case as the API answers them. */
export function conversationIdsOf(ids: string): string[] {
  return [...new Set(ids.toLowerCase().split(','))];
}

/** GET /conversations: a page of the list, newest activity first. */
export const conversationListQuerySchema = pageQuerySchema(CONVERSATION_PAGE_SIZE).shape({
  filter: string()
    .oneOf(CONVERSATION_FILTERS, `Filter must be one of ${CONVERSATION_FILTERS.join(', ')}`)
    .default('all'),
  status: statusField.optional(),
  search: string().trim().max(CONTACT_SEARCH_QUERY_MAX, 'Search text is too long').optional(),
  // `me`: only conversations where a thread note mentions the member (the Mentions filter).
  mentioned: string().oneOf(['me'], "Mentioned must be 'me'").optional(),
  // The named conversations alone (whatever the other fields say): what a live nudge asks for.
  ids: conversationIdsField.optional(),
});

/** GET /conversations/status/counts and /assignment/counts. */
export const conversationCountsQuerySchema = object({
  filter: string().oneOf(CONVERSATION_FILTERS, `Filter must be one of ${CONVERSATION_FILTERS.join(', ')}`).default('all'),
  status: statusField.optional(),
});

// A message's seq is a bigint read as a JavaScript number: a larger cursor would overflow the query.
const cursorField = number()
  .typeError('Cursor must be a number')
  .integer('Cursor must be a whole number')
  .min(0, 'Cursor must be 0 or more')
  .max(Number.MAX_SAFE_INTEGER, 'Cursor is too large');

// A message's sortKey: a bigint above 2^53, so digits rather than a number (which would round it).
const SORT_KEY_FORMAT = new RegExp(`^\\d{1,${SORT_KEY_DIGITS}}$`);
const sortKeyField = string()
  .matches(SORT_KEY_FORMAT, "Before must be a message's sortKey")
  // yup runs every rule: this one reads only what the format lets through.
  .test('fits', 'Before is too large', (value) => value === undefined || !SORT_KEY_FORMAT.test(value) || BigInt(value) <= MAX_SORT_KEY);

/**
 * GET /conversations/{id}/messages: the newest page, or the page before `before` (a message's sortKey;
 * a value below FIRST_SORT_KEY is a message's seq, as before sort keys); `page` counts pages of `limit`
 * back from there (page 2 is the `limit` messages before page 1).
 */
export const messageListQuerySchema = object({
  page: pageField().optional(),
  limit: number()
    .typeError('Limit must be a number')
    .integer('Limit must be a whole number')
    .min(1, 'Limit must be 1 or more')
    .max(MESSAGE_PAGE_SIZE * 4, `Limit must be at most ${MESSAGE_PAGE_SIZE * 4}`)
    .default(MESSAGE_PAGE_SIZE),
  before: sortKeyField.optional(),
});

/** GET /conversations/{id}/messages/poll: changes after `cursor`; `lastMessageId` alone means "messages after that one". */
export const messagePollQuerySchema = object({
  cursor: cursorField.optional(),
  lastMessageId: string().matches(UUID_FORMAT, 'lastMessageId must be a message id').optional(),
});

/** The composer's text, and the client-chosen id that makes a retried send store and send one message. */
export const sendMessageSchema = object({
  content: string().trim().required(MESSAGE_EMPTY).max(MESSAGE_MAX_LENGTH, MESSAGE_TOO_LONG),
  // Optional, as SPEC's payload is `content` alone: without one the server makes one (no idempotency then).
  clientId: string().matches(UUID_FORMAT, 'clientId must be a UUID').optional(),
});

/** PATCH /conversations/{id}/assign: the assignee and an optional handoff note. */
export const assignConversationSchema = object({
  assignToUserId: string().required('Assignee is required').matches(UUID_FORMAT, 'Assignee not found'),
  note: string()
    .trim()
    .max(HANDOFF_NOTE_MAX_LENGTH, `Note is too long (max ${HANDOFF_NOTE_MAX_LENGTH} characters)`)
    .optional(),
});

/** PATCH /conversations/{id}/status. */
export const conversationStatusSchema = object({
  status: statusField.required('Status is required'),
});

/** The media upload's text fields (the file itself is checked by its content on the server). */
export const mediaUploadFieldsSchema = object({
  contactId: string().required('Contact is required').matches(UUID_FORMAT, 'Contact not found'),
  caption: string().trim().max(MEDIA_CAPTION_MAX_LENGTH, `Caption is too long (max ${MEDIA_CAPTION_MAX_LENGTH} characters)`).optional(),
  clientId: string().matches(UUID_FORMAT, 'clientId must be a UUID').optional(),
});
