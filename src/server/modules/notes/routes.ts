import type { FastifyInstance } from 'fastify';
import { notesPageQuerySchema, noteSchema } from '@shared/validation/notes';
import { idParams } from '@shared/validation/route-input';
import { authOf } from '../../plugins/access';
import type { YupTypeProvider } from '../../plugins/validation';
import { NOTE_NOT_FOUND } from '../timeline';
import { addContactNote, deleteContactNote, editContactNote, listContactTimeline } from './notes-service';
import { CONTACT_NOT_FOUND } from '../contacts';

const contactParams = idParams({ contactId: CONTACT_NOT_FOUND });
const noteParams = idParams({ contactId: CONTACT_NOT_FOUND, noteId: NOTE_NOT_FOUND });

/**
 * A contact's timeline, under /api/contacts. Reading needs contacts:view; writing needs contacts:edit,
 * and on top of it only a note's author may edit or delete it (never an activity entry).
 */
export async function contactNoteRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  const { db } = app;

  app.get(
    '/:contactId/notes',
    { config: { access: 'contacts:view' }, schema: { params: contactParams, querystring: notesPageQuerySchema } },
    async (request) => listContactTimeline(db, authOf(request).organizationId, request.params.contactId, request.query),
  );

  app.post(
    '/:contactId/notes',
    { config: { access: 'contacts:edit' }, schema: { params: contactParams, body: noteSchema } },
    async (request, reply) => {
      const note = await addContactNote(db, authOf(request), request.params.contactId, request.body.content);
      void reply.status(201);
      return note;
    },
  );

  app.put(
    '/:contactId/notes/:noteId',
    { config: { access: 'contacts:edit' }, schema: { params: noteParams, body: noteSchema } },
    async (request) => editContactNote(db, authOf(request), request.params.contactId, request.params.noteId, request.body.content),
  );

  app.delete('/:contactId/notes/:noteId', { config: { access: 'contacts:edit' }, schema: { params: noteParams } }, async (request) => {
    await deleteContactNote(db, authOf(request), request.params.contactId, request.params.noteId);
    return { message: 'Note deleted successfully' };
  });
}
