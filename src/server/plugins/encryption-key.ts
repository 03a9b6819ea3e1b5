import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { parseEncryptionKey } from '../lib/token-cipher';

declare module 'fastify' {
  interface FastifyInstance {
    /** PARLEY_ENCRYPTION_KEY: access tokens are encrypted with it and media links signed from it. */
    encryptionKey: Buffer;
  }
}

/**
 * The key every process sharing a database must hold alike (saved tokens decrypt, media links verify
 * on any of them). `npm start` always has one; a caller that skipped resolveRuntimeSecrets (tests,
 * tools) gets a random key that lives as long as the process.
 */
export const encryptionKeyPlugin = fp(async (app: FastifyInstance) => {
  let key: Buffer;
  if (app.config.encryptionKey) {
    key = parseEncryptionKey(app.config.encryptionKey);
  } else {
    app.log.warn('PARLEY_ENCRYPTION_KEY is not set: access tokens saved now can only be read until the process exits');
    key = randomBytes(32);
  }
  app.decorate('encryptionKey', key);
}, { name: 'encryption-key' });
