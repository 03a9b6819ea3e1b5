import { array, object, string } from 'yup';
import { MAX_NOTE_MENTIONS, THREAD_NOTE_MAX_LENGTH } from '../constants';
import { UUID_FORMAT } from './route-input';
import { trimmedText } from './trimmed-text';

/** A thread note's rules, shared by the composer's Note mode and POST /conversations/{id}/notes. */

export const THREAD_NOTE_EMPTY = 'Note cannot be empty';
export const THREAD_NOTE_TOO_LONG = `Note is too long (max ${THREAD_NOTE_MAX_LENGTH.toLocaleString('en-US')} characters)`;
export const TOO_MANY_MENTIONS = `A note can mention at most ${MAX_NOTE_MENTIONS} members`;
// A malformed id names no member: the same answer as a member who cannot see the conversation.
const MENTION_UNKNOWN = 'Mentioned member not found';

export const threadNoteContentField = trimmedText('Note must be text').required(THREAD_NOTE_EMPTY).max(THREAD_NOTE_MAX_LENGTH, THREAD_NOTE_TOO_LONG);

export const threadNoteSchema = object({
  content: threadNoteContentField,
  // Repeats name one member once (the service stores each once).
  mentions: array(string().required(MENTION_UNKNOWN).matches(UUID_FORMAT, MENTION_UNKNOWN)).max(MAX_NOTE_MENTIONS, TOO_MANY_MENTIONS).optional(),
});
