import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BroadcastScheduler } from './broadcast-scheduler';

declare module 'fastify' {
  interface FastifyInstance {
    /** Starts scheduled broadcasts; `drain()` starts every one due now (tests). */
    broadcastScheduler: Pick<BroadcastScheduler, 'drain'>;
  }
}

/** This process's broadcast scheduler: it runs while the app is up and stops before the database closes. */
export const broadcastSchedulePlugin = fp(async (app: FastifyInstance) => {
  const scheduler = new BroadcastScheduler(app.db, app.log, () => app.broadcastDispatch.kick());
  app.decorate('broadcastScheduler', { drain: () => scheduler.drain() });
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('preClose', async () => scheduler.stop());
}, { name: 'broadcast-schedule', dependencies: ['database', 'broadcast-dispatch'] });
