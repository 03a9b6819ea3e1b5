import Fastify, { type FastifyInstance, type FastifyLoggerOptions, type FastifyPluginAsync } from 'fastify';
import type { AppConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/database';
import { REDACTED, redactUrl, secretHeaderLogPaths } from './lib/redact-url';
import { fastifyTrustProxy } from './lib/trusted-proxies';
import { accountRoutes, expiredRecordsPlugin, memberPasswordResetRoutes } from './modules/accounts';
import { authRoutes, sessionPlugin, sessionToken } from './modules/auth';
import { automationRoutes } from './modules/automation';
import { cannedResponseRoutes } from './modules/canned-responses';
import { broadcastDispatchPlugin, broadcastRoutes, broadcastSchedulePlugin } from './modules/broadcasts';
import { contactImportRoutes } from './modules/contact-import';
import { contactRoutes, contactsByTagRoutes } from './modules/contacts';
import { conversationRoutes, mediaRoutes, readReceiptsPlugin } from './modules/conversations';
import { dashboardRoutes } from './modules/dashboard';
import { apiDocsRoutes } from './modules/api-docs';
import { healthRoutes } from './modules/health';
import { invitationRoutes } from './modules/invitations';
import { livePlugin, liveRoutes } from './modules/live';
import { mailPlugin } from './modules/mail';
import { mediaPlugin } from './modules/media';
import { availabilityRoutes } from './modules/member-presence';
import { memberPreferencesRoutes } from './modules/member-preferences';
import { memberRoutes } from './modules/members';
import { organizationSettingsRoutes } from './modules/organization-settings';
import { contactNoteRoutes } from './modules/notes';
import { reportRollupsPlugin } from './modules/report-rollups';
import { reportRoutes } from './modules/reports';
import { roleRoutes } from './modules/roles';
import { tagRoutes } from './modules/tags';
import { templateRoutes } from './modules/templates';
import { webhookInboxPlugin, webhookRoutes } from './modules/webhooks';
import { whatsappAccountsPlugin, whatsappSettingsRoutes } from './modules/whatsapp-settings';
import { accessPlugin } from './plugins/access';
import { apiRateLimitsPlugin } from './plugins/api-rate-limits';
import { crossSitePlugin } from './plugins/cross-site';
import { databasePlugin } from './plugins/database';
import { encryptionKeyPlugin } from './plugins/encryption-key';
import { errorsPlugin } from './plugins/errors';
import { maintenancePlugin } from './plugins/maintenance';
import { requestDeadlinesPlugin } from './plugins/request-deadlines';
import { securityHeadersPlugin } from './plugins/security-headers';
import { spaPlugin } from './plugins/spa';
import { uploadSlotsPlugin } from './plugins/upload-slots';
import { validationPlugin } from './plugins/validation';
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
  await app.register(requestDeadlinesPlugin, config.bodyDeadlines ?? {});
  await app.register(validationPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(databasePlugin, { db: database.db });
  await app.register(maintenancePlugin, { kind: database.kind });
  await app.register(crossSitePlugin);
  await app.register(apiRateLimitsPlugin, { ...config.apiRateLimits, sessionTokenOf: sessionToken });
  await app.register(sessionPlugin);
  await app.register(accessPlugin);
  await app.register(uploadSlotsPlugin);
  await app.register(encryptionKeyPlugin);
  await app.register(mailPlugin);
  await app.register(whatsappAccountsPlugin);
  await app.register(mediaPlugin);
  await app.register(readReceiptsPlugin);
  await app.register(livePlugin, { listen: database.listen });
  await app.register(webhookInboxPlugin, { databaseKind: database.kind });
  await app.register(broadcastDispatchPlugin, {
    leaseSeconds: config.broadcastLeaseSeconds,
    pollIntervalMs: config.broadcastDispatchPollMs,
    summaryFoldMs: config.broadcastSummaryFoldMs,
  });
  await app.register(broadcastSchedulePlugin);
  await app.register(reportRollupsPlugin);
  await app.register(expiredRecordsPlugin);

  for (const [routes, prefix] of API_ROUTES) await app.register(routes, { prefix });
  await app.register(spaPlugin);
  return app;
}

/**
 * Each module's routes at the URL the API gives them. The folder names what the code is about, so three
 * differ from their URL: the dashboard's figures are /api/analytics, Settings → Messaging API is
 * /api/settings; sending, linking and deleting media files belongs to the conversations.
 */
const API_ROUTES: readonly (readonly [FastifyPluginAsync, string])[] = [
  [healthRoutes, '/api/health'],
  [authRoutes, '/api/auth'],
  [accountRoutes, '/api/auth'],
  [dashboardRoutes, '/api/analytics'],
  [memberRoutes, '/api/members'],
  [memberPasswordResetRoutes, '/api/members'],
  [availabilityRoutes, '/api/me/availability'],
  [memberPreferencesRoutes, '/api/me/preferences'],
  [invitationRoutes, '/api/members'],
  [roleRoutes, '/api/roles'],
  [whatsappSettingsRoutes, '/api/settings'],
  [organizationSettingsRoutes, '/api/organization'],
  [templateRoutes, '/api/templates'],
  [webhookRoutes, '/api/webhooks'],
  [contactRoutes, '/api/contacts'],
  [contactNoteRoutes, '/api/contacts'],
  [tagRoutes, '/api/tags'],
  [contactsByTagRoutes, '/api/tags'],
  [contactImportRoutes, '/api/tags'],
  [conversationRoutes, '/api/conversations'],
  [cannedResponseRoutes, '/api/canned-responses'],
  [mediaRoutes, '/api/media'],
  [liveRoutes, '/api/events'],
  [automationRoutes, '/api/automation'],
  [broadcastRoutes, '/api/broadcast'],
  [reportRoutes, '/api/reports'],
  [apiDocsRoutes, '/api/docs'],
];

/** The folder the embedded database keeps its files in. */
export const embeddedDatabaseDir = (config: AppConfig) => `${config.dataDir}/db`;

export function openConfiguredDatabase(config: AppConfig): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: config.databasePoolSize });
  return openDatabase({ kind: 'pglite', dataDir: config.inMemoryDatabase ? undefined : embeddedDatabaseDir(config) });
}
