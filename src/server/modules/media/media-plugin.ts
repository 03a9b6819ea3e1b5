import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MediaFetcher } from './media-fetcher';
import { mediaDirOf } from './media-storage';
import { MediaUrlSigner } from './media-url-signer';

declare module 'fastify' {
  interface FastifyInstance {
    /** Downloads the files of inbound messages from Meta (a worker: `drain()` after new ones arrive). */
    mediaFetcher: MediaFetcher;
    /** Signs and checks the short-lived links to stored media files. */
    mediaUrls: MediaUrlSigner;
  }
}

/**
 * Media files: the download worker starts when the app is ready and stops before the database closes.
 * Links are signed from the encryption key, so every process sharing a database makes the same links.
 */
export const mediaPlugin = fp(async (app: FastifyInstance) => {
  const fetcher = new MediaFetcher(app.db, app.whatsappAccounts, mediaDirOf(app.config.dataDir), app.log);
  app.decorate('mediaFetcher', fetcher);
  app.decorate('mediaUrls', new MediaUrlSigner(app.encryptionKey));
  app.addHook('onReady', async () => fetcher.start());
  // preClose runs before the onClose hook that closes the database.
  app.addHook('preClose', async () => fetcher.stop());
}, { name: 'media', dependencies: ['database', 'encryption-key', 'whatsapp-accounts'] });
