import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { AppConfig } from './config';
import { openDatabase, type DatabaseHandle } from './db/database';
import { redactUrl } from './lib/redact-url';
import { analyticsRoutes } from './modules/analytics/routes';
import { authRoutes } from './modules/auth/routes';
import { healthRoutes } from './modules/health/routes';
import { accessPlugin } from './plugins/access';
import { crossSitePlugin } from './plugins/cross-site';
import { databasePlugin } from './plugins/database';
import { errorsPlugin } from './plugins/errors';
import { securityHeadersPlugin } from './plugins/security-headers';
import { sessionPlugin } from './plugins/session';
import { spaPlugin } from './plugins/spa';
import './types';

export interface BuildOptions {
  /** An already open database (tests share one per file); otherwise the config decides. */
  database?: DatabaseHandle;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the whole server (API, webhook, SPA) without listening; `npm start` and the tests both use it. */
export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const database = options.database ?? (await openConfiguredDatabase(config));

  const app = Fastify({
    trustProxy: config.trustProxy,
    logger: options.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-hub-signature-256"]', 'res.headers["set-cookie"]'],
      serializers: {
        req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, url: redactUrl(req.url), ip: req.ip }),
      },
    },
    bodyLimit: 1024 * 1024,
  });
  app.decorate('config', config);
  if (!options.database) app.addHook('onClose', async () => database.close());

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(databasePlugin, { db: database.db });
  await app.register(crossSitePlugin);
  await app.register(sessionPlugin);
  await app.register(accessPlugin);

  await app.register(healthRoutes, { prefix: '/api/health' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(analyticsRoutes, { prefix: '/api/analytics' });

  await app.register(spaPlugin);
  return app;
}

function openConfiguredDatabase(config: AppConfig): Promise<DatabaseHandle> {
  if (config.databaseUrl) return openDatabase({ kind: 'postgres', url: config.databaseUrl });
  return openDatabase({ kind: 'pglite', dataDir: config.inMemoryDatabase ? undefined : `${config.dataDir}/db` });
}
