export { addContactNote } from './notes-service';
export { contactNoteRoutes } from './routes';
