import type { FastifyInstance } from 'fastify';
import {
  BROADCAST_TEXTS, type AudienceResponse, type AudienceSampleResponse, type Broadcast, type BroadcastAnalytics, type BroadcastRecipientsResponse,
  type BroadcastsResponse, type ResendUnconfirmedResponse, type RetryFailedResponse,
} from '@shared/api/broadcasts';
import {
  audienceSchema, broadcastListQuerySchema, createBroadcastSchema, recipientListQuerySchema,
} from '@shared/validation/broadcasts';
import { audienceSampleSchema } from '@shared/validation/audience-sample';
import { RECIPIENTS_EXPORT_PERMISSIONS } from '@shared/permissions/recipients-export';
import { idParams, noBody, noQuery } from '@shared/validation/route-input';
import { sendCsv } from '../../lib/csv-download';
import { forbidden } from '../../lib/domain-error';
import { authOf } from '../../plugins/access';
import type { YupTypeProvider } from '../../plugins/validation';
import { analyticsForMember } from './analytics-for-member';
import type { BroadcastDetail } from '@shared/api/broadcast-detail';
import { audienceSample } from './audience-sample-service';
import { getBroadcastDetail } from './broadcast-detail-service';
import { checkRuleAccess } from './broadcast-rule-access';
import { broadcastDraftRoutes } from './draft-routes';
import { audienceCheckRoutes } from './audience-check-routes';
import { exportBroadcastRecipients, getBroadcastAnalytics, listBroadcastRecipients } from './broadcast-analytics-service';
import {
  audienceSize, createBroadcast, deleteBroadcast, idempotencyKeyOf, listBroadcasts, resendUnconfirmedRecipients, resumeBroadcast, retryFailedRecipients,
} from './broadcasts-service';

const broadcastParams = idParams({ id: BROADCAST_TEXTS.notFound });
/**
 * The largest broadcast the form can send: 100 parameters of 1,000 characters (3 bytes each in UTF-8),
 * 1,000 contact ids and 10 button rules come to about 340 KB, past the API's JSON default.
 */
const CREATE_BROADCAST_BODY_LIMIT = 512 * 1024;
/** The drill-down's CSV takes the same filters as its pages, without paging. */
const recipientExportQuerySchema = recipientListQuerySchema.omit(['page', 'limit']);

/**
 * Broadcasts: compose and send (POST, with an optional Idempotency-Key), the list and one broadcast,
 * analytics with recipient drill-downs and their CSV, delete, and putting failed, paused or unconfirmed
 * sends back in the queue. The dispatcher sends in the background; every change that queues work wakes it.
 */
export async function broadcastRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<YupTypeProvider>();
  const { db } = app;
  const graceMinutes = app.config.broadcastUnknownGraceMinutes;
  const wakeDispatcher = () => app.broadcastDispatch.kick();
  await app.register(broadcastDraftRoutes);
  await app.register(audienceCheckRoutes);

  app.get('/', { config: { access: 'broadcasts:view' }, schema: { querystring: broadcastListQuerySchema } }, async (request): Promise<BroadcastsResponse> => {
    return listBroadcasts(db, authOf(request).organizationId, request.query);
  });

  app.post('/', { config: { access: 'broadcasts:create' }, bodyLimit: CREATE_BROADCAST_BODY_LIMIT, schema: { body: createBroadcastSchema } }, async (request, reply) => {
    const { organizationId, userId, permissions } = authOf(request);
    // Saving a draft is composing (broadcasts:create); sending or scheduling also takes broadcasts:send.
    if (!request.body.draft && !permissions.includes('broadcasts:send')) throw forbidden();
    checkRuleAccess(permissions, request.body.rules);
    const key = idempotencyKeyOf(request.headers['idempotency-key']);
    const { created, response } = await createBroadcast(db, { organizationId, userId }, request.body, key);
    if (created) wakeDispatcher();
    void reply.status(created ? 201 : 200);
    return response;
  });

  app.post('/audience', { config: { access: 'broadcasts:create' }, schema: { body: audienceSchema } }, async (request): Promise<AudienceResponse> => {
    return audienceSize(db, authOf(request).organizationId, request.body);
  });

  app.post('/audience/sample', { config: { access: 'broadcasts:create' }, schema: { body: audienceSampleSchema } }, async (request): Promise<AudienceSampleResponse> => {
    return audienceSample(db, authOf(request).organizationId, request.body);
  });

  app.get('/:id', { config: { access: 'broadcasts:view' }, schema: { params: broadcastParams, querystring: noQuery } }, async (request): Promise<BroadcastDetail> => {
    return getBroadcastDetail(db, authOf(request), request.params.id);
  });

  app.delete('/:id', { config: { access: 'broadcasts:delete' }, schema: { params: broadcastParams } }, async (request) => {
    return deleteBroadcast(db, authOf(request).organizationId, request.params.id);
  });

  app.get(
    '/:id/analytics',
    { config: { access: 'analytics:view' }, schema: { params: broadcastParams, querystring: noQuery } },
    async (request): Promise<BroadcastAnalytics> => {
      const { organizationId, permissions } = authOf(request);
      return analyticsForMember(await getBroadcastAnalytics(db, organizationId, request.params.id, graceMinutes), permissions);
    },
  );

  app.get(
    '/:id/recipients',
    { config: { access: 'analytics:view_advanced' }, schema: { params: broadcastParams, querystring: recipientListQuerySchema } },
    async (request): Promise<BroadcastRecipientsResponse> =>
      listBroadcastRecipients(db, authOf(request).organizationId, request.params.id, { ...request.query, graceMinutes }),
  );

  app.get(
    '/:id/recipients.csv',
    { config: { access: { allOf: RECIPIENTS_EXPORT_PERMISSIONS } }, schema: { params: broadcastParams, querystring: recipientExportQuerySchema } },
    async (request, reply) => {
      const { fileName, csv } = await exportBroadcastRecipients(db, authOf(request).organizationId, request.params.id, { ...request.query, graceMinutes });
      return sendCsv(reply, fileName, csv);
    },
  );

  app.post(
    '/:id/retry-failed',
    { config: { access: 'broadcasts:send' }, schema: { params: broadcastParams, body: noBody } },
    async (request): Promise<RetryFailedResponse> => {
      const result = await retryFailedRecipients(db, authOf(request).organizationId, request.params.id);
      if (result.requeued > 0) wakeDispatcher();
      return result;
    },
  );

  app.post(
    '/:id/resend-unconfirmed',
    { config: { access: 'broadcasts:send' }, schema: { params: broadcastParams, body: noBody } },
    async (request): Promise<ResendUnconfirmedResponse> => {
      const result = await resendUnconfirmedRecipients(db, authOf(request).organizationId, request.params.id, graceMinutes);
      if (result.requeued > 0) wakeDispatcher();
      return result;
    },
  );

  app.post(
    '/:id/resume',
    { config: { access: 'broadcasts:send' }, schema: { params: broadcastParams, body: noBody } },
    async (request): Promise<Broadcast> => {
      const broadcast = await resumeBroadcast(db, authOf(request).organizationId, request.params.id);
      wakeDispatcher();
      return broadcast;
    },
  );
}
