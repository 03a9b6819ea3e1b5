import type { FastifyInstance } from 'fastify';
import type { ContactConversationResponse } from '@shared/api/contacts';
import { notFound } from '../../lib/domain-error';
import { authOf } from '../../plugins/access';
import { CONTACT_NOT_FOUND, findContactRow } from '../contacts/contact-store';
import { findOrCreateConversation } from './conversation-store';

/**
 * SPEC.md section 7, Conversations. For now only what the Contacts screen's start-chat needs; the inbox
 * routes join this plugin.
 */
export async function conversationRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  // The contact's conversation, created on first need. A deleted contact cannot be messaged: 404, as
  // for a contact of another organization or none at all.
  app.get<{ Params: { contactId: string } }>(
    '/contact/:contactId',
    { config: { access: 'chats:view' } },
    async (request): Promise<ContactConversationResponse> => {
      const { organizationId } = authOf(request);
      const contact = await findContactRow(db, organizationId, request.params.contactId);
      if (!contact || contact.deletedAt) throw notFound(CONTACT_NOT_FOUND);
      const conversation = await findOrCreateConversation(db, organizationId, contact.id);
      return { conversationId: conversation.id, contact: { id: contact.id } };
    },
  );
}
