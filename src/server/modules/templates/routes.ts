import type { FastifyInstance } from 'fastify';
import type { TemplateSyncResponse, TemplatesResponse } from '@shared/api/templates';
import { templatesQuerySchema } from '@shared/validation/templates';
import { authOf } from '../../plugins/access';
import { parse } from '../../lib/validate';
import { GraphError } from '../../whatsapp/graph-error';
import { toDomainError } from '../../whatsapp/graph-domain-error';
import { listTemplates, replaceTemplates } from './template-store';

/** Templates: the local copy (GET /local) and the sync from the WhatsApp Business Account. */
export async function templateRoutes(app: FastifyInstance): Promise<void> {
  app.get('/local', { config: { access: 'templates:view' } }, async (request): Promise<TemplatesResponse> => {
    const query = parse(templatesQuerySchema, request.query);
    return listTemplates(app.db, authOf(request).organizationId, { status: query.status || undefined, page: query.page, limit: query.limit });
  });

  app.post('/sync', { config: { access: 'templates:sync' } }, async (request): Promise<TemplateSyncResponse> => {
    const { organizationId } = authOf(request);
    const client = await app.whatsapp.accounts.clientFor(organizationId);
    let remote;
    try {
      remote = await client.listTemplates();
    } catch (error) {
      if (error instanceof GraphError) request.log.warn({ organizationId, metaCode: error.metaCode, kind: error.kind }, 'template sync failed');
      throw toDomainError(error);
    }
    const syncedAt = await replaceTemplates(app.db, organizationId, remote);
    return { message: 'Templates synced successfully', synced: remote.length, lastTemplateSync: syncedAt.toISOString() };
  });
}
