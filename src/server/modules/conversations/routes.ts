import type { FastifyInstance } from 'fastify';
import type { ContactConversationResponse } from '@shared/api/contacts';
import {
  CONVERSATION_NOT_FOUND, type AssignmentCounts, type ConversationBatch, type ConversationPage, type ConversationResponse, type MessagePage, type MessagePollResponse,
  type SendMessageResponse, type StatusCounts,
} from '@shared/api/conversations';
import {
  assignConversationSchema, conversationCountsQuerySchema, conversationIdsOf, conversationListQuerySchema, conversationStatusSchema, messageListQuerySchema,
  messagePollQuerySchema, sendMessageSchema,
} from '@shared/validation/conversations';
import { idParams, noBody, noQuery } from '@shared/validation/route-input';
import { authOf } from '../../plugins/access';
import type { YupTypeProvider } from '../../plugins/validation';
import { conversationHeadReadWithSession } from '../auth';
import { CONTACT_NOT_FOUND } from '../contacts';
import { listMessages, pollMessages } from './message-history-service';
import { sendText } from './replies-service';
import { templateMessageRoutes } from './template-message-routes';
import {
  assignConversation, assignmentCounts, changeConversationStatus, getConversation, inboxConversationsByIds, listInbox, markConversationRead, openContactConversation,
  statusCounts, unassignConversation,
} from './conversations-service';
import { threadNoteRoutes } from './thread-notes-routes';
import { SEND_ACCESS, viewerOf } from './viewer';

const conversationParams = idParams({ id: CONVERSATION_NOT_FOUND });

/**
 * The team inbox. Which conversations a member sees (all, or only theirs and the unassigned ones) is
 * decided per request from their role; any other conversation answers 404 like one that does not exist.
 */
export async function conversationRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  const chatDeps = () => ({ db: app.db, accounts: app.whatsappAccounts, mediaUrls: app.mediaUrls });
  // The team's notes in a conversation's thread, under the same URLs.
  await app.register(threadNoteRoutes);
  // POST /:id/messages/template lives in its own file.
  await app.register(templateMessageRoutes);

  app.get(
    '/',
    { config: { access: 'chats:view' }, schema: { querystring: conversationListQuerySchema } },
    async (request): Promise<ConversationPage | ConversationBatch> => {
      const { ids, ...query } = request.query;
      // `ids`: those conversations alone (the answer to a live nudge), else a page of the list.
      if (ids !== undefined) return inboxConversationsByIds(app.db, viewerOf(authOf(request)), conversationIdsOf(ids));
      return listInbox(app.db, viewerOf(authOf(request)), query);
    },
  );

  app.get(
    '/status/counts',
    { config: { access: 'chats:view' }, schema: { querystring: conversationCountsQuerySchema } },
    async (request): Promise<StatusCounts> => statusCounts(app.db, viewerOf(authOf(request)), request.query.filter),
  );

  app.get(
    '/assignment/counts',
    { config: { access: 'chats:view_all' }, schema: { querystring: conversationCountsQuerySchema } },
    async (request): Promise<AssignmentCounts> => assignmentCounts(app.db, viewerOf(authOf(request)), request.query.status),
  );

  app.get(
    '/contact/:contactId',
    // Creates the contact's conversation on first use (once: repeating it answers the same one).
    { config: { access: 'chats:view', writesOnGet: true }, schema: { params: idParams({ contactId: CONTACT_NOT_FOUND }), querystring: noQuery } },
    async (request): Promise<ContactConversationResponse> =>
      openContactConversation(app.db, viewerOf(authOf(request)), request.params.contactId),
  );

  app.get(
    '/:id',
    { config: { access: 'chats:view' }, schema: { params: conversationParams, querystring: noQuery } },
    async (request): Promise<ConversationResponse> => ({ conversation: await getConversation(app.db, viewerOf(authOf(request)), request.params.id) }),
  );

  app.get(
    '/:id/messages',
    { config: { access: 'messages:view' }, schema: { params: conversationParams, querystring: messageListQuerySchema } },
    async (request): Promise<MessagePage> =>
      listMessages(app.db, app.mediaUrls, viewerOf(authOf(request)), request.params.id, request.query),
  );

  app.get(
    '/:id/messages/poll',
    { config: { access: 'messages:view', readsConversationHead: true }, schema: { params: conversationParams, querystring: messagePollQuerySchema } },
    async (request): Promise<MessagePollResponse> =>
      pollMessages(app.db, app.mediaUrls, viewerOf(authOf(request)), request.params.id, request.query, conversationHeadReadWithSession(request)),
  );

  app.post(
    '/:id/messages',
    { config: { access: SEND_ACCESS }, schema: { params: conversationParams, body: sendMessageSchema } },
    async (request, reply): Promise<SendMessageResponse> => {
      const sent = await sendText(chatDeps(), viewerOf(authOf(request)), request.params.id, request.body);
      // 201 for a new message; 200 when the client id was stored already (nothing was sent again).
      void reply.status(sent.created ? 201 : 200);
      return sent.answer;
    },
  );

  app.patch(
    '/:id/read',
    { config: { access: 'chats:view' }, schema: { params: conversationParams, body: noBody } },
    async (request): Promise<ConversationResponse> => {
      const viewer = viewerOf(authOf(request));
      const conversation = await markConversationRead(app.db, viewer, request.params.id);
      // After the local mark-read committed; Meta is told in the background.
      app.readReceipts.afterRead(viewer.organizationId, conversation.id);
      return { conversation };
    },
  );

  app.patch(
    '/:id/assign',
    // chats:respond may take an unassigned conversation for themselves (the service checks whom).
    { config: { access: ['chats:assign', 'chats:respond'] }, schema: { params: conversationParams, body: assignConversationSchema } },
    async (request): Promise<ConversationResponse> =>
      ({ conversation: await assignConversation(app.db, viewerOf(authOf(request)), request.params.id, request.body) }),
  );

  app.patch(
    '/:id/unassign',
    { config: { access: 'chats:assign' }, schema: { params: conversationParams, body: noBody } },
    async (request): Promise<ConversationResponse> =>
      ({ conversation: await unassignConversation(app.db, viewerOf(authOf(request)), request.params.id) }),
  );

  app.patch(
    '/:id/status',
    // chats:respond may change the status of conversations assigned to them (the service checks which).
    { config: { access: ['chats:manage', 'chats:respond'] }, schema: { params: conversationParams, body: conversationStatusSchema } },
    async (request): Promise<ConversationResponse> =>
      ({ conversation: await changeConversationStatus(app.db, viewerOf(authOf(request)), request.params.id, request.body.status) }),
  );
}
