import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type DatabaseHandle } from './database';
import { EmbeddedMaintenance } from './embedded-maintenance';
import { rowsOf } from './rows-of';

const quiet = { error: () => undefined } as unknown as FastifyBaseLogger;

let handle: DatabaseHandle;
// A database migrated step by step, as a new install's first start does: every migration runs, which
// on a busy machine takes longer than the default 20 s.
beforeAll(async () => {
  handle = await openDatabase({ kind: 'pglite' });
}, 90_000);
afterAll(() => handle.close());

interface TableState {
  pages: number;
  allVisible: number;
  estimatedRows: number;
  vacuums: number;
}

async function tableState(table: string): Promise<TableState> {
  const result = await handle.db.execute(sql`
    select c.relpages as pages, c.relallvisible as "allVisible", c.reltuples::int as "estimatedRows", s.vacuum_count::int as vacuums
    from pg_class c join pg_stat_user_tables s on s.relid = c.oid
    where c.relname = ${table}`);
  return rowsOf<TableState>(result)[0];
}

async function bulkTable(table: string): Promise<void> {
  await handle.db.execute(sql.raw(`create table ${table} (id int primary key, label text)`));
  await handle.db.execute(sql.raw(`insert into ${table} select g, 'row ' || g from generate_series(1, 20000) g`));
}

test('a vacuum of the embedded database refreshes statistics and marks every page all-visible, for index-only scans', async () => {
  await bulkTable('bulk_now');
  expect((await tableState('bulk_now')).allVisible).toBe(0);

  const maintenance = new EmbeddedMaintenance(handle.db, quiet);
  await maintenance.vacuumNow();
  await maintenance.stop();

  const after = await tableState('bulk_now');
  expect(after.pages).toBeGreaterThan(0);
  expect(after.allVisible).toBe(after.pages);
  expect(after.estimatedRows).toBe(20000);
});

test('bulk writes in quick succession are followed, a moment later, by one vacuum', async () => {
  await bulkTable('bulk_soon');
  const maintenance = new EmbeddedMaintenance(handle.db, quiet, { intervalMs: 60_000, afterBulkWriteDelayMs: 50 });
  maintenance.start();
  maintenance.afterBulkWrite();
  maintenance.afterBulkWrite();
  maintenance.afterBulkWrite();
  expect((await tableState('bulk_soon')).vacuums).toBe(0);

  let state = await tableState('bulk_soon');
  for (let waited = 0; state.vacuums === 0 && waited < 5000; waited += 25) {
    await new Promise((resolve) => setTimeout(resolve, 25));
    state = await tableState('bulk_soon');
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
  await maintenance.stop();

  state = await tableState('bulk_soon');
  expect(state.vacuums).toBe(1);
  expect(state.allVisible).toBe(state.pages);
});
