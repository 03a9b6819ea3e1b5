import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DrainLoop } from '../../lib/drain-loop';
import { pruneExpiredLinks } from './expired-links';

/** How often each process deletes expired links (deleting twice is harmless). */
const PRUNE_EVERY_MS = 60 * 60_000;

/** Deletes expired password-reset and email-change links while the app is up, on every process. */
export const expiredLinksPlugin = fp(async (app: FastifyInstance) => {
  const prune = new DrainLoop('expired-links-prune', () => pruneExpiredLinks(app.db).then(() => false), app.log, PRUNE_EVERY_MS);
  app.addHook('onReady', async () => prune.start());
  app.addHook('preClose', async () => prune.stop());
}, { name: 'expired-links', dependencies: ['database'] });
