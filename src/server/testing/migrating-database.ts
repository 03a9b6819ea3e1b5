import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { Pool } from 'pg';
import { MIGRATIONS_FOLDER } from '../db/database';
import { sharedByFile } from './test-app';
import { createTestPostgresDatabase } from './test-database';

/** Testing a migration on a database made before it: the migrations up to it, rows written, then the rest. */

/** A copy of the migrations folder as it was before `tag`: its journal stops at the one before (remove it when done). */
export function migrationsFolderBefore(tag: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-migrations-'));
  cpSync(MIGRATIONS_FOLDER, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((entry) => entry.tag === tag);
  if (at < 0) throw new Error(`no migration ${tag} in the journal`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

export interface MigratingDatabase {
  execute: (query: ReturnType<typeof sql>) => Promise<unknown>;
  migrateFrom: (folder: string) => Promise<void>;
  close: () => Promise<void>;
}

/** An empty database on the test's engine (PGlite, or PostgreSQL when DATABASE_URL is set), migrated on demand. */
export async function emptyMigratingDatabase(): Promise<MigratingDatabase> {
  if (process.env.DATABASE_URL) {
    const database = await createTestPostgresDatabase(process.env.DATABASE_URL);
    const pool = new Pool({ connectionString: database.url, max: 2 });
    const db = drizzlePg(pool);
    return {
      execute: (query) => db.execute(query),
      migrateFrom: (folder) => migratePg(db, { migrationsFolder: folder }),
      close: async () => {
        await pool.end();
        await database.drop();
      },
    };
  }
  const client = await PGlite.create({ extensions: { pg_trgm, btree_gin } });
  const db = drizzlePglite(client);
  return {
    execute: (query) => db.execute(query),
    migrateFrom: (folder) => migratePglite(db, { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

/** A migration's test file: `database`, empty, and `earlier`, the migrations before `tag`; made before its tests, removed after them. */
export function beforeMigrationForFile(tag: string): { database: MigratingDatabase; earlier: string } {
  return sharedByFile(
    async () => ({ database: await emptyMigratingDatabase(), earlier: migrationsFolderBefore(tag) }),
    async ({ database, earlier }) => {
      await database.close();
      rmSync(earlier, { recursive: true, force: true });
    },
  );
}
