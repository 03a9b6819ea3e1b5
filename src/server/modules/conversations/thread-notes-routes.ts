import type { FastifyInstance } from 'fastify';
import { array, object, string, type ObjectSchema } from 'yup';
import { CONVERSATION_NOT_FOUND } from '@shared/api/conversations';
import type { AddThreadNoteResponse, MentionableMembersResponse } from '@shared/api/thread-notes';
import { idParams, noQuery } from '@shared/validation/route-input';
import { threadNoteSchema } from '@shared/validation/thread-notes';
import { authOf } from '../../plugins/access';
import type { YupTypeProvider } from '../../plugins/validation';
import { addThreadNote, mentionableMembers } from './thread-notes-service';
import { SEND_ACCESS, viewerOf } from './viewer';

const conversationParams = idParams({ id: CONVERSATION_NOT_FOUND });

/** What the mentionable list sends about a member: the serializer keeps only these fields. */
const mentionableResponseSchema: ObjectSchema<MentionableMembersResponse> = object({
  members: array(object({ id: string().defined(), name: string().defined() }).defined()).defined(),
});

/**
 * Thread notes, under /conversations/{id}: a note is written by whoever may reply in the conversation
 * (the same rule as a text reply), and whoever may read it may list whom a note can mention.
 */
export async function threadNoteRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<YupTypeProvider>();

  app.post(
    '/:id/notes',
    { config: { access: SEND_ACCESS }, schema: { params: conversationParams, body: threadNoteSchema } },
    async (request, reply): Promise<AddThreadNoteResponse> => {
      const note = await addThreadNote({ db: app.db, mediaUrls: app.mediaUrls }, viewerOf(authOf(request)), request.params.id, request.body);
      void reply.status(201);
      return note;
    },
  );

  app.get(
    '/:id/mentionable',
    {
      config: { access: 'messages:view' },
      schema: { params: conversationParams, querystring: noQuery, response: { 200: mentionableResponseSchema } },
    },
    async (request): Promise<MentionableMembersResponse> => mentionableMembers(app.db, viewerOf(authOf(request)), request.params.id),
  );
}
