import type { FastifyInstance } from 'fastify';
import type { AudienceCheckResponse } from '@shared/api/audience-check';
import { audienceCheckSchema } from '@shared/validation/audience-check';
import { authOf } from '../../plugins/access';
import type { YupTypeProvider } from '../../plugins/validation';
import { checkAudience } from './audience-check-service';

/** POST /broadcast/audience/check (mounted with the other broadcast routes): the New Broadcast form's reach and limit warning. */
export async function audienceCheckRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<YupTypeProvider>();

  app.post(
    '/audience/check',
    { config: { access: 'broadcasts:create' }, schema: { body: audienceCheckSchema } },
    async (request): Promise<AudienceCheckResponse> => checkAudience(app.db, app.whatsappAccounts, authOf(request).organizationId, request.body),
  );
}
