import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DrainLoop } from '../../lib/drain-loop';
import { pruneExpiredRecords } from './expired-records';

/** How often each process prunes (deleting twice is harmless). */
const PRUNE_EVERY_MS = 60 * 60_000;

/** Deletes ended sessions, expired links and idle throttle counters while the app is up, on every process. */
export const expiredRecordsPlugin = fp(async (app: FastifyInstance) => {
  const prune = new DrainLoop('expired-records-prune', () => pruneExpiredRecords(app.db, app.config).then(() => false), app.log, PRUNE_EVERY_MS);
  app.addHook('onReady', async () => prune.start());
  app.addHook('preClose', async () => prune.stop());
}, { name: 'expired-records', dependencies: ['database'] });
