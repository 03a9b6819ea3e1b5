import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { noQuery } from '@shared/validation/route-input';

/** For load balancers and probes: answers 200 only when the database answers too. */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/', { config: { access: 'public' }, schema: { querystring: noQuery } }, async () => {
    await app.db.execute(sql`select 1`);
    return { status: 'ok' };
  });
}
