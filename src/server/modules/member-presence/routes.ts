import type { FastifyInstance } from 'fastify';
import { object, string } from 'yup';
import { AVAILABILITIES } from '@shared/api/availability';
import { availabilityChangeSchema } from '@shared/validation/availability';
import { noQuery } from '@shared/validation/route-input';
import { authOf } from '../../plugins/access';
import type { YupTypeProvider } from '../../plugins/validation';
import { changeAvailability, readAvailability } from './member-presence-service';

const response = { 200: object({ availability: string().oneOf(AVAILABILITIES).required() }) };

/**
 * The signed-in member's own Available / Away switch (the header), under /api/me/availability: only
 * members who reply in conversations (chats:respond) are auto-assigned, so only they have one.
 */
export async function availabilityRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  const { db } = app;

  app.get('/', { config: { access: 'chats:respond' }, schema: { querystring: noQuery, response } }, async (request) => {
    const { organizationId, userId } = authOf(request);
    return readAvailability(db, organizationId, userId);
  });

  app.put('/', { config: { access: 'chats:respond' }, schema: { body: availabilityChangeSchema, response } }, async (request) => {
    const { organizationId, userId } = authOf(request);
    return changeAvailability(db, organizationId, userId, request.body.availability);
  });
}
