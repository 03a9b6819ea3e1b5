import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DrainLoop } from '../../lib/drain-loop';
import { foldReportRollups } from './report-rollups-service';

/** How often each process folds what writers noted: readers compute the unfolded part themselves, so this bounds their extra work. */
const FOLD_POLL_MS = 1_000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Folds the reports' rollups; `drain()` resolves once nothing noted is left (tests, the bench). */
    reportRollups: Pick<DrainLoop, 'drain'>;
  }
}

/**
 * This process's fold of the inbox reports' rollups: it runs while the app is up (every process; one
 * folds at a time) and stops before the database closes.
 */
export const reportRollupsPlugin = fp(async (app: FastifyInstance) => {
  const loop = new DrainLoop('report-rollups', () => foldReportRollups(app.db), app.log, FOLD_POLL_MS);
  app.decorate('reportRollups', { drain: () => loop.drain() });
  app.addHook('onReady', async () => loop.start());
  app.addHook('preClose', async () => loop.stop());
}, { name: 'report-rollups', dependencies: ['database'] });
