import type { FastifyInstance } from 'fastify';
import { memberPreferencesChangeSchema, memberPreferencesResponseSchema } from '@shared/validation/member-preferences';
import { noQuery } from '@shared/validation/route-input';
import { authOf } from '../../plugins/access';
import type { YupTypeProvider } from '../../plugins/validation';
import { changeMemberPreferences, readMemberPreferences } from './member-preferences-service';

/** The signed-in member's own notification switches (the Profile tab): any member, never another's. */
export async function memberPreferencesRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  const { db } = app;
  const response = { 200: memberPreferencesResponseSchema };

  app.get('/', { config: { access: 'signed-in' }, schema: { querystring: noQuery, response } }, async (request) => {
    const { organizationId, userId } = authOf(request);
    return readMemberPreferences(db, organizationId, userId);
  });

  app.patch('/', { config: { access: 'signed-in' }, schema: { body: memberPreferencesChangeSchema, response } }, async (request) => {
    const { organizationId, userId } = authOf(request);
    return changeMemberPreferences(db, organizationId, userId, request.body);
  });
}
