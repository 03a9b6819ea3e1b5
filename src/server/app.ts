import Fastify, { type FastifyInstance, type FastifyLoggerOptions } from 'fastify';
import type { AppConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/database';
import { REDACTED, redactUrl, secretHeaderLogPaths } from './lib/redact-url';
import { fastifyTrustProxy } from './lib/trusted-proxies';
import { analyticsRoutes } from './modules/analytics/routes';
import { apiDocsRoutes } from './modules/api-docs/routes';
import { authRoutes } from './modules/auth/routes';
import { automationRoutes } from './modules/automation/routes';
import { broadcastRoutes } from './modules/broadcasts/routes';
import { contactImportRoutes } from './modules/contact-import/routes';
import { contactNoteRoutes } from './modules/notes/routes';
import { contactRoutes, contactsByTagRoutes } from './modules/contacts/routes';
import { conversationRoutes } from './modules/conversations/routes';
import { healthRoutes } from './modules/health/routes';
import { invitationRoutes } from './modules/invitations/routes';
import { mediaRoutes } from './modules/conversations/media-routes';
import { memberRoutes } from './modules/members/routes';
import { roleRoutes } from './modules/roles/routes';
import { tagRoutes } from './modules/tags/routes';
import { templateRoutes } from './modules/templates/routes';
import { webhookRoutes } from './modules/webhooks/routes';
import { whatsappSettingsRoutes } from './modules/whatsapp-settings/routes';
import { accessPlugin } from './plugins/access';
import { crossSitePlugin } from './plugins/cross-site';
import { databasePlugin } from './plugins/database';
import { errorsPlugin } from './plugins/errors';
import { maintenancePlugin } from './plugins/maintenance';
import { securityHeadersPlugin } from './plugins/security-headers';
import { sessionPlugin } from './modules/auth/session-plugin';
import { spaPlugin } from './plugins/spa';
import { validationPlugin } from './plugins/validation';
import { whatsappPlugin } from './whatsapp/whatsapp-plugin';
import { broadcastDispatchPlugin } from './modules/broadcasts/dispatch-plugin';
import './types';

export interface BuildOptions {
  /** An already open database (tests share one per file); otherwise the config decides. */
  database?: DatabaseHandle;
  /** `false` silences logging (tests); a stream captures it. Redaction applies whatever the destination. */
  logger?: false | { level?: string; stream?: NonNullable<FastifyLoggerOptions['stream']> };
}

/** Builds the whole server (API, webhook, SPA) without listening; `npm start` and the tests both use it. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const database = options.database ?? (await openConfiguredDatabase(config));

  const app = Fastify({
    trustProxy: fastifyTrustProxy(config.trustProxy),
    logger: options.logger === false ? false : {
      level: options.logger?.level ?? config.logLevel,
      stream: options.logger?.stream,
      redact: { paths: secretHeaderLogPaths(), censor: REDACTED },
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
      },
    },
    bodyLimit: 1024 * 1024,
  });
  app.decorate('config', config);
  // The API speaks JSON only: a text/plain body is a CORS-simple request a foreign page could forge,
  // so it answers 415 like any other unsupported type.
  app.removeContentTypeParser('text/plain');
  if (!options.database) app.addHook('onClose', async () => database.close());

  await app.register(errorsPlugin);
  await app.register(validationPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(databasePlugin, { db: database.db });
  await app.register(maintenancePlugin, { kind: database.kind });
  await app.register(crossSitePlugin);
  await app.register(sessionPlugin);
  await app.register(accessPlugin);
  await app.register(whatsappPlugin, { databaseKind: database.kind });
  await app.register(broadcastDispatchPlugin, config.broadcastLeaseSeconds ? { leaseSeconds: config.broadcastLeaseSeconds } : {});

  await app.register(healthRoutes, { prefix: '/api/health' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(analyticsRoutes, { prefix: '/api/analytics' });
  await app.register(memberRoutes, { prefix: '/api/members' });
  await app.register(invitationRoutes, { prefix: '/api/members' });
  await app.register(roleRoutes, { prefix: '/api/roles' });
  await app.register(whatsappSettingsRoutes, { prefix: '/api/settings' });
  await app.register(templateRoutes, { prefix: '/api/templates' });
  await app.register(webhookRoutes, { prefix: '/api/webhooks' });
  await app.register(contactRoutes, { prefix: '/api/contacts' });
  await app.register(contactNoteRoutes, { prefix: '/api/contacts' });
  await app.register(tagRoutes, { prefix: '/api/tags' });
  await app.register(contactsByTagRoutes, { prefix: '/api/tags' });
  await app.register(contactImportRoutes, { prefix: '/api/tags' });
  await app.register(conversationRoutes, { prefix: '/api/conversations' });
  await app.register(mediaRoutes, { prefix: '/api/media' });
  await app.register(automationRoutes, { prefix: '/api/automation' });
  await app.register(broadcastRoutes, { prefix: '/api/broadcast' });
  await app.register(apiDocsRoutes, { prefix: '/api/docs' });

  await app.register(spaPlugin);
  return app;
}

/** The folder the embedded database keeps its files in. */
export const embeddedDatabaseDir = (config: AppConfig) => `${config.dataDir}/db`;

function openConfiguredDatabase(config: AppConfig): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openDatabase({ kind: 'postgres', url: config.databaseUrl });
  return openDatabase({ kind: 'pglite', dataDir: config.inMemoryDatabase ? undefined : embeddedDatabaseDir(config) });
}
