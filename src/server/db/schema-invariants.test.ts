import { sql } from 'drizzle-orm';
import { openTestDatabase } from '../testing/test-database';
import type { DatabaseHandle } from './database';
import { rowsOf } from './rows-of';

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(async () => {
  await handle.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await handle.db.execute(query);
  return rowsOf<T>(result);
}

// Tables always read through another key: their parent's id (itself tenant-scoped), or for sessions the
// token hash and the user.
const READ_THROUGH_PARENT = new Set(['role_permissions', 'broadcast_recipients', 'automation_rules', 'sessions']);

// Tenant isolation: every tenant-owned table carries a non-null organization_id, covered by an index
// whose first column it is (every query filters by it).
test('every table with organization_id has it NOT NULL and leading an index', async () => {
  const columns = await rows<{ table_name: string; is_nullable: string }>(sql`
    select table_name, is_nullable from information_schema.columns
    where table_schema = 'public' and column_name = 'organization_id'`);
  expect(columns.length).toBeGreaterThan(10);
  for (const { table_name: table, is_nullable: nullable } of columns) expect({ table, nullable }).toEqual({ table, nullable: 'NO' });

  const indexed = await rows<{ table_name: string }>(sql`
    select distinct t.relname as table_name
    from pg_index i
    join pg_class t on t.oid = i.indrelid
    join pg_attribute a on a.attrelid = t.oid and a.attnum = i.indkey[0]
    where a.attname = 'organization_id'`);
  const indexedTables = new Set(indexed.map((r) => r.table_name));
  for (const { table_name: table } of columns) {
    expect({ table, indexed: indexedTables.has(table) || READ_THROUGH_PARENT.has(table) }).toEqual({ table, indexed: true });
  }
});

// A search must read only its own organization's matches: a table-wide trigram index would hand it every
// organization's rows for a common fragment, to be filtered out one by one.
test('every trigram index leads with organization_id', async () => {
  const trigramIndexes = await rows<{ name: string; definition: string }>(sql`
    select indexname as name, indexdef as definition from pg_indexes
    where schemaname = 'public' and indexdef like '%gin_trgm_ops%'`);
  expect(trigramIndexes.map((index) => index.name).sort()).toEqual(['contacts_org_name_trgm_idx', 'contacts_org_phone_trgm_idx', 'contacts_org_profile_name_trgm_idx']);
  for (const { name, definition } of trigramIndexes) {
    expect({ name, leading: /USING gin \(organization_id,/.test(definition) }).toEqual({ name, leading: true });
  }
});
