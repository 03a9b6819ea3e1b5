import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MediaFetcher } from './media-fetcher';
import type { MediaStore } from './stores/media-store';
import { openMediaStore } from './stores/open-media-store';
import { OrphanMediaSweep } from './orphan-media-sweep';
import { MediaUrlSigner } from './media-url-signer';

declare module 'fastify' {
  interface FastifyInstance {
    /** Downloads the files of inbound messages from Meta (a worker: `drain()` after new ones arrive). */
    mediaFetcher: MediaFetcher;
    /** Signs and checks the short-lived links to stored media files. */
    mediaUrls: MediaUrlSigner;
    /** Where media bytes live: DATA_DIR/media, or the bucket MEDIA_STORE names. */
    mediaStore: MediaStore;
  }
}

/**
 * Media files: the download worker and the orphan sweep start when the app is ready and stops before the database closes.
 * Links are signed from the encryption key, so every process sharing a database makes the same links.
 */
export const mediaPlugin = fp(async (app: FastifyInstance) => {
  const store = openMediaStore(app.config.mediaStore, app.config.dataDir);
  const fetcher = new MediaFetcher(app.db, app.whatsappAccounts, store, app.log);
  const sweep = new OrphanMediaSweep(app.db, store, app.log);
  app.decorate('mediaStore', store);
  app.decorate('mediaFetcher', fetcher);
  app.decorate('mediaUrls', new MediaUrlSigner(app.encryptionKey));
  app.addHook('onReady', async () => {
    fetcher.start();
    sweep.start();
  });
  // preClose runs before the onClose hook that closes the database.
  app.addHook('preClose', async () => {
    await Promise.all([fetcher.stop(), sweep.stop()]);
    store.close?.();
  });
}, { name: 'media', dependencies: ['database', 'encryption-key', 'whatsapp-accounts'] });
