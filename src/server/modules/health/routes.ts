import type { FastifyInstance } from 'fastify';
import { noQuery } from '@shared/validation/route-input';
import type { YupTypeProvider } from '../../plugins/validation';
import { pingDatabase } from './health-repository';

/** For load balancers and probes: answers 200 only when the database answers too. */
export async function healthRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  app.get('/', { config: { access: 'public' }, schema: { querystring: noQuery } }, async () => {
    await pingDatabase(app.db);
    return { status: 'ok' };
  });
}
