import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DrainLoop } from '../../lib/drain-loop';
import { startDueScheduledBroadcast } from './broadcast-drafts-service';

/** How often each process looks for broadcasts whose time has come: well inside the 5 s a start may take. */
const SCHEDULE_POLL_MS = 1_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Starts scheduled broadcasts; `drain()` starts every one due now (tests). */
    broadcastScheduler: Pick<DrainLoop, 'drain'>;
  }
}

/**
 * This process's broadcast scheduler: it starts scheduled broadcasts when their time comes (the
 * database decides which process starts each) and wakes the dispatcher for them. Nothing is kept in
 * memory, so a broadcast scheduled before a restart starts on the first poll after it. It runs while
 * the app is up and stops before the database closes.
 */
export const broadcastSchedulePlugin = fp(async (app: FastifyInstance) => {
  const scheduler = new DrainLoop('broadcast-scheduler', async () => {
    const started = await startDueScheduledBroadcast(app.db);
    if (started) app.broadcastDispatch.kick();
    return started;
  }, app.log, SCHEDULE_POLL_MS);
  app.decorate('broadcastScheduler', { drain: () => scheduler.drain() });
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('preClose', async () => scheduler.stop());
}, { name: 'broadcast-schedule', dependencies: ['database', 'broadcast-dispatch'] });
