import type { FastifyInstance } from 'fastify';
import { cannedResponseListQuerySchema, cannedResponseSchema } from '@shared/validation/canned-responses';
import { idParams } from '@shared/validation/route-input';
import { authOf } from '../../plugins/access';
import type { YupTypeProvider } from '../../plugins/validation';
import {
  CANNED_RESPONSE_NOT_FOUND, createCannedResponse, deleteCannedResponse, listCannedResponses, updateCannedResponse,
} from './canned-responses-service';

const cannedResponseParams = idParams({ id: CANNED_RESPONSE_NOT_FOUND });

/**
 * The organization's canned responses. Every member who can send (messages:send or chats:respond) reads
 * them to insert one in the composer, as does whoever manages them; creating, editing and deleting needs
 * canned_responses:manage.
 */
export async function cannedResponseRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  const { db } = app;

  app.get(
    '/',
    { config: { access: ['messages:send', 'chats:respond', 'canned_responses:manage'] }, schema: { querystring: cannedResponseListQuerySchema } },
    async (request) => listCannedResponses(db, authOf(request).organizationId, request.query),
  );

  app.post('/', { config: { access: 'canned_responses:manage' }, schema: { body: cannedResponseSchema } }, async (request, reply) => {
    const auth = authOf(request);
    const created = await createCannedResponse(db, auth.organizationId, auth.userId, request.body);
    void reply.status(201);
    return created;
  });

  app.put(
    '/:id',
    { config: { access: 'canned_responses:manage' }, schema: { params: cannedResponseParams, body: cannedResponseSchema } },
    async (request) => updateCannedResponse(db, authOf(request).organizationId, request.params.id, request.body),
  );

  app.delete('/:id', { config: { access: 'canned_responses:manage' }, schema: { params: cannedResponseParams } }, async (request) => {
    await deleteCannedResponse(db, authOf(request).organizationId, request.params.id);
    return { message: 'Canned response deleted successfully' };
  });
}
