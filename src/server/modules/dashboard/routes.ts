import type { FastifyInstance } from 'fastify';
import type { AnalyticsResponse } from '@shared/api/analytics';
import { noQuery } from '@shared/validation/route-input';
import { authOf } from '../../plugins/access';
import type { YupTypeProvider } from '../../plugins/validation';
import { dashboardAnalytics } from './dashboard-service';

/** The dashboard: one card per screen the member may open, with its count. */
export async function dashboardRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  app.get('/', { config: { access: 'signed-in' }, schema: { querystring: noQuery } }, async (request): Promise<AnalyticsResponse> => {
    return dashboardAnalytics(app.db, authOf(request));
  });
}
