import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createTokenCipher } from '../../lib/token-cipher';
import { WhatsAppAccounts } from './whatsapp-accounts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Each organization's WhatsApp account: its decrypted credentials and a Graph client for them. */
    whatsappAccounts: WhatsAppAccounts;
  }
}

export const whatsappAccountsPlugin = fp(async (app: FastifyInstance) => {
  const { config } = app;
  app.decorate('whatsappAccounts', new WhatsAppAccounts(
    app.db,
    createTokenCipher(app.encryptionKey),
    { baseUrl: config.whatsappApiUrl, appSecret: config.whatsappAppSecret, retryDelaysMs: config.graphRetryDelaysMs },
    app.log,
  ));
}, { name: 'whatsapp-accounts', dependencies: ['database', 'encryption-key'] });
