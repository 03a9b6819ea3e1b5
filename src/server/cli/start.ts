import { mountBuiltInSandbox, sandboxExposureWarning } from '@sandbox/mount';
import { buildApp, embeddedDatabaseDir } from '../app';
import { loadConfig } from '../config';
import { hasOrganizations } from '../modules/organizations';
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD } from '../seed/demo-team';
import { seedDemo } from '../seed/demo';
import { resolveRuntimeSecrets } from './runtime-secrets';
import { DEFAULT_CLIENT_DIR, ensureClientBuilt } from './client-build';
import { createEmbeddedDatabaseApart } from './embedded-database';

/** `npm start`: the whole product on PORT with the embedded database (or DATABASE_URL) and the sandbox. */
async function main(): Promise<void> {
  // Secrets npm start generates into DATA_DIR when the environment has none (encryption key, sandbox app secret).
  const config = resolveRuntimeSecrets(loadConfig());
  if (config.clientDir === DEFAULT_CLIENT_DIR && process.env.PARLEY_SKIP_CLIENT_BUILD !== '1') {
    ensureClientBuilt(config.clientDir);
  }
  if (!config.databaseUrl) createEmbeddedDatabaseApart(embeddedDatabaseDir(config));

  const app = await buildApp(config);
  await mountBuiltInSandbox(app, config);
  const seeded = config.seedDemo && !(await hasOrganizations(app.db));
  if (seeded) await seedDemo(app.db, config, app.log);

  await app.listen({ port: config.port, host: config.host });
  const lines = [
    '',
    `  Parley is running at ${config.publicUrl}`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded, in ${config.dataDir}`}`,
    `  WhatsApp API: ${config.builtInSandbox ? `the built-in sandbox (${config.whatsappApiUrl})` : config.whatsappApiUrl}`,
  ];
  if (seeded) lines.push(`  Demo sign-in: ${DEMO_ADMIN_EMAIL} / ${DEMO_PASSWORD}`);
  const sandboxWarning = config.builtInSandbox ? sandboxExposureWarning(config.publicUrl) : undefined;
  if (sandboxWarning) lines.push('', `  WARNING: ${sandboxWarning}`);
  process.stdout.write(`${lines.join('\n')}\n\n`);

  const stop = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

// Last resort: an error nothing handled is logged and the process exits, so a supervisor restarts it.
process.on('unhandledRejection', (error) => {
  process.stderr.write(`Unhandled rejection: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});

main().catch((error: unknown) => {
  process.stderr.write(`Parley failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
