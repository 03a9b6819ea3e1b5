import type { FastifyInstance } from 'fastify';
import type { TemplateSyncResponse, TemplatesResponse } from '@shared/api/templates';
import { noBody } from '@shared/validation/route-input';
import { templatesQuerySchema } from '@shared/validation/templates';
import { authOf } from '../../plugins/access';
import type { YupTypeProvider } from '../../plugins/validation';
import { listLocalTemplates, syncTemplates } from './templates-service';

/** Templates: the local copy (GET /local) and the sync from the WhatsApp Business Account. */
export async function templateRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<YupTypeProvider>();

  app.get(
    '/local',
    // Composing a broadcast, or a template message in a chat, picks one of the approved templates, so
    // broadcasters and members who can send may read them too.
    { config: { access: ['templates:view', 'broadcasts:create', 'messages:send', 'chats:respond'] }, schema: { querystring: templatesQuerySchema } },
    async (request): Promise<TemplatesResponse> => listLocalTemplates(app.db, authOf(request).organizationId, request.query),
  );

  app.post(
    '/sync',
    { config: { access: 'templates:sync' }, schema: { body: noBody } },
    async (request): Promise<TemplateSyncResponse> => {
      const { organizationId } = authOf(request);
      const client = await app.whatsappAccounts.clientFor(organizationId);
      return syncTemplates(app.db, client, organizationId, request.log);
    },
  );
}
