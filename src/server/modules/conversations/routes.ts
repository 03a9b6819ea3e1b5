import type { FastifyInstance } from 'fastify';
import type { ContactConversationResponse } from '@shared/api/contacts';
import { idParams, noQuery } from '@shared/validation/route-input';
import { authOf } from '../../plugins/access';
import type { YupTypeProvider } from '../../plugins/validation';
import { CONTACT_NOT_FOUND } from '../contacts/contacts-service';
import { openContactConversation } from './conversations-service';

/** Conversations. For now only what the Contacts screen's start chat needs; the inbox routes join this plugin. */
export async function conversationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<YupTypeProvider>();

  app.get(
    '/contact/:contactId',
    { config: { access: 'chats:view' }, schema: { params: idParams({ contactId: CONTACT_NOT_FOUND }), querystring: noQuery } },
    async (request): Promise<ContactConversationResponse> =>
      openContactConversation(app.db, authOf(request).organizationId, request.params.contactId),
  );
}
