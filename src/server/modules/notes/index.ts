/** The notes module's public face: what other modules, app.ts and the seed may use. */
export { addContactNote } from './notes-service';
export { contactNoteRoutes } from './routes';
