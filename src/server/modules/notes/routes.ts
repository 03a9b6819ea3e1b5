import type { FastifyInstance } from 'fastify';
import type { ContactNote, ContactNotePage } from '@shared/api/notes';
import { NOTES_PAGE_SIZE } from '@shared/constants';
import { noteSchema } from '@shared/validation/notes';
import { pageQuerySchema } from '@shared/validation/page-query';
import { notFound } from '../../lib/domain-error';
import { parse } from '../../lib/validate';
import { authOf } from '../../plugins/access';
import { CONTACT_NOT_FOUND, findContactRow } from '../contacts/contact-store';
import { addNote, deleteNote, editNote, listNotes } from './note-store';

type OnContact = { Params: { contactId: string } };
type OnNote = { Params: { contactId: string; noteId: string } };

/**
 * SPEC.md section 7, Notes, under /api/contacts. Reading needs contacts:view; writing needs contacts:edit,
 * and on top of it only a note's author may edit or delete it (never an activity entry).
 */
export async function noteRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const pageQuery = pageQuerySchema(NOTES_PAGE_SIZE);

  app.get<OnContact>('/:contactId/notes', { config: { access: 'contacts:view' } }, async (request): Promise<ContactNotePage> => {
    const { organizationId } = authOf(request);
    const contact = await findContactRow(db, organizationId, request.params.contactId);
    if (!contact) throw notFound(CONTACT_NOT_FOUND);
    return listNotes(db, organizationId, contact.id, parse(pageQuery, request.query));
  });

  app.post<OnContact>('/:contactId/notes', { config: { access: 'contacts:edit' } }, async (request, reply): Promise<ContactNote> => {
    const { content } = parse(noteSchema, request.body);
    const note = await addNote(db, authOf(request), request.params.contactId, content);
    void reply.status(201);
    return note;
  });

  app.put<OnNote>('/:contactId/notes/:noteId', { config: { access: 'contacts:edit' } }, async (request): Promise<ContactNote> => {
    const { content } = parse(noteSchema, request.body);
    return editNote(db, authOf(request), request.params.contactId, request.params.noteId, content);
  });

  app.delete<OnNote>('/:contactId/notes/:noteId', { config: { access: 'contacts:edit' } }, async (request) => {
    await deleteNote(db, authOf(request), request.params.contactId, request.params.noteId);
    return { message: 'Note deleted successfully' };
  });
}
