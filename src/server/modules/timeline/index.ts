export { writtenNoteCount } from './timeline-repository';
export { addNote, deleteNote, editNote, listTimeline, NOTE_NOT_FOUND, type NoteAuthor, recordActivity, recordActivityBatch } from './timeline-service';
