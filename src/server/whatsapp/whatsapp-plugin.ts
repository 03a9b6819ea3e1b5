import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { mediaDirOf } from '../modules/media/media-storage';
import { MediaUrlSigner } from '../modules/media/media-url-signer';
import type { DatabaseHandle } from '../db/database';
import { inboxSettingsFor, WebhookInbox } from '../modules/webhooks/webhook-inbox';
import { MediaFetcher } from '../modules/media/media-fetcher';
import { createTokenCipher, parseEncryptionKey } from './token-cipher';
import { WhatsAppAccounts } from '../modules/whatsapp-settings/whatsapp-accounts';

export interface WhatsAppServices {
  accounts: WhatsAppAccounts;
  inbox: WebhookInbox;
  media: MediaFetcher;
  /** Signs and checks the short-lived links to stored media files. */
  mediaUrls: MediaUrlSigner;
}

declare module 'fastify' {
  interface FastifyInstance {
    whatsapp: WhatsAppServices;
  }
}

/**
 * The messaging platform's services for every route: WhatsApp accounts (encrypted credentials and
 * Graph clients), the webhook inbox worker, the media fetcher and the media link signer (keyed from
 * the encryption key, so every process sharing a database makes the same links). The workers start when the app is
 * ready and stop before the database closes.
 */
export const whatsappPlugin = fp(async (app: FastifyInstance, options: { databaseKind: DatabaseHandle['kind'] }) => {
  const { config } = app;
  let key: Buffer;
  if (config.encryptionKey) {
    key = parseEncryptionKey(config.encryptionKey);
  } else {
    // Only a caller that skipped resolveRuntimeSecrets (tests, tools) gets here: `npm start` always has a key.
    app.log.warn('PARLEY_ENCRYPTION_KEY is not set: access tokens saved now can only be read until the process exits');
    key = randomBytes(32);
  }

  const accounts = new WhatsAppAccounts(
    app.db,
    createTokenCipher(key),
    { baseUrl: config.whatsappApiUrl, appSecret: config.whatsappAppSecret, retryDelaysMs: config.graphRetryDelaysMs },
    app.log,
  );
  const media = new MediaFetcher(app.db, accounts, mediaDirOf(config.dataDir), app.log);
  const inbox = new WebhookInbox(app.db, app.log, {
    ...inboxSettingsFor(options.databaseKind),
    onProcessed: (result) => {
      if (result.media > 0) void media.drain();
    },
  });
  app.decorate('whatsapp', { accounts, inbox, media, mediaUrls: new MediaUrlSigner(key) });

  app.addHook('onReady', async () => {
    inbox.start();
    media.start();
  });
  // preClose runs before the onClose hook that closes the database.
  app.addHook('preClose', async () => {
    await inbox.stop();
    await media.stop();
  });
}, { name: 'whatsapp', dependencies: ['database'] });
