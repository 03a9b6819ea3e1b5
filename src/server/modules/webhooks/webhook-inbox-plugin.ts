import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../../db/database';
import { inboxSettingsFor, WebhookInbox } from './webhook-inbox';

declare module 'fastify' {
  interface FastifyInstance {
    /** The stored webhook events and the workers that apply them. */
    webhookInbox: WebhookInbox;
  }
}

/**
 * The webhook inbox's workers start when the app is ready and stop before the database closes. New
 * inbound media wakes the media fetcher at once.
 */
export const webhookInboxPlugin = fp(async (app: FastifyInstance, options: { databaseKind: DatabaseHandle['kind'] }) => {
  const inbox = new WebhookInbox(app.db, app.log, {
    ...inboxSettingsFor(options.databaseKind),
    leaseSeconds: app.config.webhookLeaseSeconds,
    onProcessed: (result) => {
      if (result.media > 0) void app.mediaFetcher.drain();
    },
  });
  app.decorate('webhookInbox', inbox);
  app.addHook('onReady', async () => inbox.start());
  // preClose runs before the onClose hook that closes the database.
  app.addHook('preClose', async () => inbox.stop());
}, { name: 'webhook-inbox', dependencies: ['database', 'media'] });
