import { object, string } from 'yup';
import { NOTE_MAX_LENGTH } from '../constants';

/** A note's text (SPEC.md section 5): never empty or whitespace-only, stored trimmed. */
export const noteSchema = object({
  content: string()
    .trim()
    .required('Note cannot be empty')
    .max(NOTE_MAX_LENGTH, `Note is too long (max ${NOTE_MAX_LENGTH} characters)`),
});
