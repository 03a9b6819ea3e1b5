import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../../db/database';
import { NudgeHub } from './nudge-hub';
import { NUDGE_CHANNEL } from './nudges';

declare module 'fastify' {
  interface FastifyInstance {
    nudgeHub: NudgeHub;
  }
}

/**
 * Listens for conversations' changes (one LISTEN per process) and hands them to this process's open
 * event streams; the streams end before the server closes, so a shutdown never waits on them.
 */
export const livePlugin = fp(async (app: FastifyInstance, options: { listen: DatabaseHandle['listen'] }) => {
  const hub = new NudgeHub();
  app.decorate('nudgeHub', hub);
  let stop: (() => Promise<void>) | undefined;
  app.addHook('onReady', async () => {
    stop = await options.listen(NUDGE_CHANNEL, (payload) => hub.deliver(payload));
  });
  app.addHook('preClose', async () => {
    hub.shutdown();
    await stop?.();
  });
}, { name: 'live', dependencies: ['database'] });
