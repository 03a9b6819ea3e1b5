import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ReadReceipts } from './read-receipts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Marks customer messages read at Meta after a member reads them (in the background: `settled()` waits). */
    readReceipts: ReadReceipts;
  }
}

/** Read receipts at Meta; the ones still in flight finish before the database closes. */
export const readReceiptsPlugin = fp(async (app: FastifyInstance) => {
  const receipts = new ReadReceipts(app.db, app.whatsappAccounts, app.log);
  app.decorate('readReceipts', receipts);
  // preClose runs before the onClose hook that closes the database.
  app.addHook('preClose', async () => receipts.settled());
}, { name: 'read-receipts', dependencies: ['database', 'whatsapp-accounts'] });
