/** The timeline module's public face: what other modules, app.ts and the seed may use. */
export { addNote, deleteNote, editNote, listTimeline, NOTE_NOT_FOUND, type NoteAuthor, recordActivity, recordActivityBatch, writtenNoteCount } from './timeline-service';
