import type { FastifyInstance } from 'fastify';
import { CONVERSATION_NOT_FOUND, type SendMessageResponse } from '@shared/api/conversations';
import { sendTemplateMessageSchema } from '@shared/validation/template-messages';
import { idParams } from '@shared/validation/route-input';
import { authOf } from '../../plugins/access';
import type { YupTypeProvider } from '../../plugins/validation';
import { sendTemplateMessage } from './template-messages-service';
import { SEND_ACCESS, viewerOf } from './viewer';

/** Sending an approved template from the chat: the way to reach a customer whose 24-hour window has closed. */
export async function templateMessageRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<YupTypeProvider>();

  app.post(
    '/:id/messages/template',
    { config: { access: SEND_ACCESS }, schema: { params: idParams({ id: CONVERSATION_NOT_FOUND }), body: sendTemplateMessageSchema } },
    async (request, reply): Promise<SendMessageResponse> => {
      const deps = { db: app.db, accounts: app.whatsappAccounts, mediaUrls: app.mediaUrls, mediaStore: app.mediaStore };
      const sent = await sendTemplateMessage(deps, viewerOf(authOf(request)), request.params.id, request.body);
      // 201 for a new message; 200 when the client id was stored already (nothing was sent again).
      void reply.status(sent.created ? 201 : 200);
      return sent.answer;
    },
  );
}
