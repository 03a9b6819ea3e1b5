import type { FastifyInstance } from 'fastify';
import type { AnalyticsResponse } from '@shared/api/analytics';
import { noQuery } from '@shared/validation/route-input';
import { authOf } from '../../plugins/access';
import { dashboardCards } from './dashboard-cards';

export async function analyticsRoutes(app: FastifyInstance): Promise<void> {
  app.get('/', { config: { access: 'signed-in' }, schema: { querystring: noQuery } }, async (request): Promise<AnalyticsResponse> => {
    const auth = authOf(request);
    return { cards: await dashboardCards(app.db, auth.organizationId, auth.permissions) };
  });
}
