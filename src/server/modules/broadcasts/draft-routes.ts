import type { FastifyInstance } from 'fastify';
import type { BroadcastScheduleZone } from '@shared/api/broadcast-drafts';
import { BROADCAST_TEXTS, type Broadcast } from '@shared/api/broadcasts';
import { updateBroadcastSchema } from '@shared/validation/broadcasts';
import { sendBroadcastSchema } from '@shared/validation/broadcast-schedule';
import { idParams, noBody, noQuery } from '@shared/validation/route-input';
import { authOf } from '../../plugins/access';
import type { YupTypeProvider } from '../../plugins/validation';
import { readOrganizationSettings } from '../organization-settings';
import { checkRuleAccess } from './broadcast-rule-access';
import { cancelScheduledBroadcast, sendUnsentBroadcast, updateUnsentBroadcast } from './broadcast-drafts-service';

const broadcastParams = idParams({ id: BROADCAST_TEXTS.notFound });
/** As POST /broadcast's: the largest composition the form can make. */
const UPDATE_BROADCAST_BODY_LIMIT = 512 * 1024;

/**
 * Drafts and schedules (mounted under /api/broadcast with the other broadcast routes): change one
 * (broadcasts:edit), send or schedule it (broadcasts:send), cancel a scheduled one (broadcasts:delete),
 * and the organization's time zone the form enters times in (anyone who sees broadcasts).
 */
export async function broadcastDraftRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  const { db } = app;

  app.get(
    '/schedule-zone',
    { config: { access: 'broadcasts:view' }, schema: { querystring: noQuery } },
    async (request): Promise<BroadcastScheduleZone> => ({ timeZone: (await readOrganizationSettings(db, authOf(request).organizationId)).timeZone }),
  );

  app.put(
    '/:id',
    { config: { access: 'broadcasts:edit' }, bodyLimit: UPDATE_BROADCAST_BODY_LIMIT, schema: { params: broadcastParams, body: updateBroadcastSchema } },
    async (request): Promise<Broadcast> => {
      const { organizationId, permissions } = authOf(request);
      checkRuleAccess(permissions, request.body.rules);
      return updateUnsentBroadcast(db, organizationId, request.params.id, request.body);
    },
  );

  app.post(
    '/:id/send',
    { config: { access: 'broadcasts:send' }, schema: { params: broadcastParams, body: sendBroadcastSchema } },
    async (request): Promise<Broadcast> => {
      const broadcast = await sendUnsentBroadcast(db, authOf(request).organizationId, request.params.id, request.body ?? {});
      if (broadcast.status === 'pending') app.broadcastDispatch.kick();
      return broadcast;
    },
  );

  app.post(
    '/:id/cancel',
    { config: { access: 'broadcasts:delete' }, schema: { params: broadcastParams, body: noBody } },
    async (request): Promise<Broadcast> => cancelScheduledBroadcast(db, authOf(request).organizationId, request.params.id),
  );
}
