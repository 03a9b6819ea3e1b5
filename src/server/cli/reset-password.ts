import { existsSync } from 'node:fs';
import path from 'node:path';
import { embeddedDatabaseDir } from '../app';
import { loadConfig, type AppConfig } from '../config';
import { openDatabase } from '../db/database';
import { resetPasswordCommand } from './reset-password-command';

/** `npm run reset-password -- <email>` on the server: prints a one-time password reset link. */
async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.databaseUrl) await assertEmbeddedDatabaseFree(config);
  const database = config.databaseUrl
    ? await openDatabase({ kind: 'postgres', url: config.databaseUrl, poolSize: 1 })
    : await openDatabase({ kind: 'pglite', dataDir: embeddedDatabaseDir(config) });
  try {
    const { exitCode, output } = await resetPasswordCommand(process.argv.slice(2), database.db, config);
    (exitCode === 0 ? process.stdout : process.stderr).write(`${output}\n`);
    process.exitCode = exitCode;
  } finally {
    await database.close();
  }
}

/**
 * The embedded database is one process's at a time: opened while Parley runs on it, both would write
 * its files. A running server answers its health check, and then this command stops before opening it.
 */
async function assertEmbeddedDatabaseFree(config: AppConfig): Promise<void> {
  const dir = embeddedDatabaseDir(config);
  if (!existsSync(path.join(dir, 'PG_VERSION'))) throw new Error(`No database in ${dir}: start Parley once, or set DATA_DIR or DATABASE_URL.`);
  const running = await fetch(`http://127.0.0.1:${config.port}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
    () => true,
    () => false,
  );
  if (running) {
    throw new Error(
      `Parley is running on port ${config.port} with the embedded database, which one process opens at a time. ` +
        'Stop it, run this command again, then start Parley.',
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
