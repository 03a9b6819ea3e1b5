import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { MIGRATIONS_FOLDER, openDatabase, type DatabaseHandle } from '../db/database';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or — when DATABASE_URL
 * is set (CI's second pass) — a throwaway database on that PostgreSQL server, dropped on close.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  if (!process.env.DATABASE_URL) return openDatabase({ kind: 'pglite', loadDataDir: await migratedSnapshot() });
  const database = await createTestPostgresDatabase(process.env.DATABASE_URL);
  const handle = await openDatabase({ kind: 'postgres', url: database.url, poolSize: 5 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}

/**
 * An empty throwaway database on the PostgreSQL server at `serverUrl`: its URL (several pools may open
 * it, as several server processes would) and `drop`, to call once every pool on it has ended.
 */
export async function createTestPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `parley_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(serverUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withAdminClient(serverUrl, async (client) => {
        // pool.end() resolves before its sockets finish closing; forcing the drop while they linger
        // makes those clients emit an unhandled 'terminating connection' error, so wait them out.
        for (let waited = 0; waited < 5000; waited += 50) {
          const { rows } = await client.query<{ open: number }>(
            'select count(*)::int as open from pg_stat_activity where datname = $1',
            [name],
          );
          if (rows[0].open === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        await client.query(`drop database if exists ${name} with (force)`);
      }),
  };
}

async function withAdminClient(url: string, work: (client: Client) => Promise<unknown>): Promise<void> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}

/**
 * The files of an embedded database with every migration applied, made once per set of migrations and
 * shared by every test file and worker (in the system's temporary folder, named by a hash of the
 * migrations): loading them takes a fraction of a second, applying 30-odd migrations several. Migrating
 * runs again on the copy, finding nothing to do, so a stale copy could not go unnoticed.
 */
async function migratedSnapshot(): Promise<Blob> {
  const snapshot = path.join(os.tmpdir(), `parley-test-db-${migrationsFingerprint()}.tar`);
  if (!existsSync(snapshot)) {
    const handle = await openDatabase({ kind: 'pglite' });
    const files = await handle.dump?.();
    await handle.close();
    if (!files) throw new Error('the embedded database could not be dumped');
    // Written aside and renamed: a worker reading at the same moment sees a whole file or none.
    const partial = `${snapshot}.${process.pid}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, Buffer.from(await files.arrayBuffer()));
    renameSync(partial, snapshot);
  }
  return new Blob([readFileSync(snapshot)]);
}

/** A hash of the migrations' SQL and journal: a new or changed migration makes a new snapshot. */
function migrationsFingerprint(): string {
  const hash = createHash('sha256');
  const files = readdirSync(MIGRATIONS_FOLDER).filter((name) => name.endsWith('.sql')).sort();
  for (const name of [...files, path.join('meta', '_journal.json')]) hash.update(name).update(readFileSync(path.join(MIGRATIONS_FOLDER, name)));
  return hash.digest('hex').slice(0, 16);
}
