import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BroadcastHeaderMedia } from './broadcast-header-media';
import { BroadcastDispatcher, type BroadcastDispatcherOptions } from './dispatcher';

/** What routes and tests use of the dispatcher. */
export interface BroadcastDispatch {
  /** Recipients were queued (a broadcast created, resumed, retried): look now rather than at the next poll. */
  kick(): void;
  /** Resolves once everything due now is sent and settled (tests). */
  drain(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    broadcastDispatch: BroadcastDispatch;
  }
}

/**
 * The broadcast dispatcher of this process: it starts when the app is ready and stops (releasing the
 * sends still waiting for their slot, settling those under way) before the database closes. Options
 * (e.g. a shorter lease) are the dispatcher's; the defaults suit production.
 */
export const broadcastDispatchPlugin = fp(async (app: FastifyInstance, options: BroadcastDispatcherOptions) => {
  const headerMedia = new BroadcastHeaderMedia(app.db, app.mediaStore);
  const dispatcher = new BroadcastDispatcher(app.db, app.whatsappAccounts, app.log, options, headerMedia);
  app.decorate('broadcastDispatch', { kick: () => dispatcher.kick(), drain: () => dispatcher.drain() });
  app.addHook('onReady', async () => dispatcher.start());
  // preClose runs before the onClose hook that closes the database.
  app.addHook('preClose', async () => dispatcher.stop());
}, { name: 'broadcast-dispatch', dependencies: ['database', 'whatsapp-accounts'] });
