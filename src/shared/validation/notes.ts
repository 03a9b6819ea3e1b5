import { object, string, type InferType } from 'yup';
import { NOTE_MAX_LENGTH, NOTES_PAGE_SIZE } from '../constants';
import { pageQuerySchema } from './page-query';

/** A note's text: never empty or whitespace-only, stored trimmed. */
export const noteSchema = object({
  content: string()
    .trim()
    .required('Note cannot be empty')
    .max(NOTE_MAX_LENGTH, `Note is too long (max ${NOTE_MAX_LENGTH} characters)`),
});

export type NoteInput = InferType<typeof noteSchema>;

/** GET /contacts/{id}/notes: the timeline, newest first. */
export const notesPageQuerySchema = pageQuerySchema(NOTES_PAGE_SIZE);
