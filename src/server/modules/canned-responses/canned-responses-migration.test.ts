/** @jest-environment node */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { Pool } from 'pg';
import { MIGRATIONS_FOLDER } from '../../db/database';
import { rowsOf } from '../../db/rows-of';
import { uuidv7 } from '../../lib/ids';
import { createTestPostgresDatabase } from '../../testing/test-database';

/**
 * Migration 0017_canned_responses on a database made before it: the organizations that already exist
 * get canned_responses:manage on their Admin and Manager system roles, and on no other role.
 */

const MIGRATION = '0017_canned_responses';

/** The migrations folder as it was before MIGRATION: its journal stops at the one before. */
function folderBefore(tag: string): string {
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

interface MigratingDatabase {
  execute: (query: ReturnType<typeof sql>) => Promise<unknown>;
  migrateFrom: (folder: string) => Promise<void>;
  close: () => Promise<void>;
}

/** An empty database on the test's engine (PGlite, or PostgreSQL when DATABASE_URL is set), migrated on demand. */
async function emptyDatabase(): Promise<MigratingDatabase> {
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

let database: MigratingDatabase;
let earlier: string;
beforeAll(async () => {
  database = await emptyDatabase();
  earlier = folderBefore(MIGRATION);
});
afterAll(async () => {
  await database.close();
  rmSync(earlier, { recursive: true, force: true });
});

test('existing organizations get canned_responses:manage on their Admin and Manager roles only', async () => {
  await database.migrateFrom(earlier);
  const organizations = [uuidv7(), uuidv7()];
  const roles: Array<{ id: string; organizationId: string; name: string; system: boolean }> = organizations.flatMap((organizationId) => [
    { id: uuidv7(), organizationId, name: 'Admin', system: true },
    { id: uuidv7(), organizationId, name: 'Manager', system: true },
    { id: uuidv7(), organizationId, name: 'Team Lead', system: true },
    { id: uuidv7(), organizationId, name: 'Agent', system: true },
    { id: uuidv7(), organizationId, name: 'Night Shift', system: false },
  ]);
  for (const organizationId of organizations) {
    await database.execute(sql`insert into organizations (id, name) values (${organizationId}, ${`Before ${organizationId.slice(-4)}`})`);
  }
  for (const role of roles) {
    await database.execute(sql`insert into roles (id, organization_id, name, is_system_role) values (${role.id}, ${role.organizationId}, ${role.name}, ${role.system})`);
    await database.execute(sql`insert into role_permissions (organization_id, role_id, permission) values (${role.organizationId}, ${role.id}, 'chats:view')`);
  }

  await database.migrateFrom(MIGRATIONS_FOLDER);

  const granted = rowsOf<{ role_id: string }>(await database.execute(sql`
    select role_id from role_permissions where permission = 'canned_responses:manage'`));
  const expected = roles.filter((role) => role.name === 'Admin' || role.name === 'Manager').map((role) => role.id);
  expect(granted.map((row) => row.role_id).sort()).toEqual([...expected].sort());
  // Nothing else moved: every role keeps what it had.
  const kept = rowsOf<{ n: number }>(await database.execute(sql`select count(*)::int as n from role_permissions where permission = 'chats:view'`));
  expect(kept[0].n).toBe(roles.length);
  const table = rowsOf<{ n: number }>(await database.execute(sql`select count(*)::int as n from canned_responses`));
  expect(table[0].n).toBe(0);
});
