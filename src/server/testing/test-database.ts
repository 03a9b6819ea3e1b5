import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/database';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or — when DATABASE_URL
 * is set (CI's second pass) — a throwaway database on that PostgreSQL server, dropped on close.
 */
export async function openTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({ kind: 'pglite' });

  const name = `parley_test_${randomBytes(6).toString('hex')}`;
  await withAdminClient(url, (client) => client.query(`create database ${name}`));
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: testUrl.toString(), poolSize: 5 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await withAdminClient(url, async (client) => {
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
      });
    },
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
