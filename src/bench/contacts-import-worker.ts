/**
 * One measured CSV import in a process of its own, so its peak RSS is the import's and nothing else's:
 * `node --import tsx contacts-import-worker.ts <csv file> <pglite | postgres url>`. Prints one JSON line.
 */
import { createReadStream, openAsBlob, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, TransactionRollbackError } from 'drizzle-orm';
import type { ContactImportResult } from '@shared/api/contact-import';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, type Database, type Queryable } from '../server/db/database';
import { contacts } from '../server/db/schema';
import { uuidv7 } from '../server/lib/ids';
import type { ContactBatches } from '../server/modules/contact-import/contact-batches';
import { checkCsvStream } from '../server/modules/contact-import/csv-rows';

export interface ImportMeasurement {
  result: ContactImportResult;
  importMs: number;
  rssBeforeBytes: number;
  peakRssBytes: number;
  baselineRows: number;
  baselineMs: number;
  withoutSearchIndexesMs: number;
}

async function signUp(app: Awaited<ReturnType<typeof buildApp>>, label: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { name: 'Bench Admin', email: `${label}-${process.pid}-${Date.now()}@example.com`, password: 'Bench12345', organizationName: `Bench ${label}` },
  });
  if (response.statusCode !== 201) throw new Error(`signup failed: ${response.body}`);
  const body = response.json<{ user: { organization: { organizationId: string } } }>();
  return { cookie: response.cookies.map((c) => `${c.name}=${c.value}`).join('; '), organizationId: body.user.organization.organizationId };
}

/** The same good rows, read and checked as the import reads them, for the bare-INSERT baseline. */
async function goodRows(csvPath: string): Promise<ContactBatches> {
  return (await checkCsvStream(createReadStream(csvPath))).contacts;
}

/** The same rows into contacts by multi-row INSERT, in the import's batches, nothing else; answers the milliseconds it took. */
async function insertRows(db: Queryable, organizationId: string, rows: ContactBatches): Promise<number> {
  const started = performance.now();
  for (const batch of rows.batches()) {
    await db.execute(sql`
      insert into ${contacts} (id, organization_id, name, country_code, phone_number, phone_e164)
      select r.id, ${organizationId}::uuid, r.name, r.cc, r.pn, r.e164
      from unnest(${sql.param(batch.e164s.map(() => uuidv7()))}::uuid[], ${sql.param(batch.names)}::text[],
                  ${sql.param(batch.countryCodes)}::text[], ${sql.param(batch.phoneNumbers)}::text[],
                  ${sql.param(batch.e164s)}::text[]) as r(id, name, cc, pn, e164)`);
  }
  return performance.now() - started;
}

/** The floor: the same rows into contacts, with all its indexes, in one transaction. */
async function bareInsert(db: Database, organizationId: string, rows: ContactBatches): Promise<number> {
  return db.transaction((tx) => insertRows(tx, organizationId, rows));
}

/**
 * The same bare INSERT with the two search (trigram) indexes dropped for the run, then rolled back, so
 * the indexes are as they were: what keeping contacts searchable costs on top of storing them.
 */
async function bareInsertWithoutSearchIndexes(db: Database, organizationId: string, rows: ContactBatches): Promise<number> {
  let elapsed = 0;
  try {
    await db.transaction(async (tx) => {
      await tx.execute(sql`drop index contacts_org_name_trgm_idx, contacts_org_phone_trgm_idx`);
      elapsed = await insertRows(tx, organizationId, rows);
      tx.rollback();
    });
  } catch (error) {
    if (!(error instanceof TransactionRollbackError)) throw error;
  }
  return elapsed;
}

async function main(): Promise<void> {
  const [csvPath, target, pgliteDataDir] = process.argv.slice(2);
  if (csvPath === 'prepare') {
    // Creating an embedded database runs initdb in this process and leaves ~100 MB of RSS behind;
    // `npm start` pays that once, on the first start, so the measured run opens an existing one.
    const created = await openDatabase({ kind: 'pglite', dataDir: target });
    await created.close();
    return;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-import-'));
  const database = target === 'pglite'
    ? await openDatabase({ kind: 'pglite', dataDir: pgliteDataDir })
    : await openDatabase({ kind: 'postgres', url: target });
  const config = { ...loadConfig({ SEED_DEMO: '0', PUBLIC_URL: 'http://127.0.0.1' }), dataDir, clientDir: '/nonexistent' };
  const app = await buildApp(config, { database, logger: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const { cookie } = await signUp(app, 'import');

    const form = new FormData();
    form.append('tagName', 'Bench Import');
    form.append('file', await openAsBlob(csvPath, { type: 'text/csv' }), 'bench-contacts.csv');
    global.gc?.();
    const rssBeforeBytes = process.memoryUsage().rss;
    let peakRssBytes = rssBeforeBytes;
    const sampler = setInterval(() => {
      peakRssBytes = Math.max(peakRssBytes, process.memoryUsage().rss);
    }, 5);
    const started = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}/api/tags/import`, { method: 'POST', body: form, headers: { cookie } });
    const result = (await response.json()) as ContactImportResult;
    const importMs = performance.now() - started;
    clearInterval(sampler);
    peakRssBytes = Math.max(peakRssBytes, process.memoryUsage().rss);
    if (!response.ok) throw new Error(`import answered ${response.status}: ${JSON.stringify(result)}`);

    const rows = await goodRows(csvPath);
    const other = await signUp(app, 'baseline');
    const baselineMs = await bareInsert(database.db, other.organizationId, rows);
    const third = await signUp(app, 'unsearchable');
    const withoutSearchIndexesMs = await bareInsertWithoutSearchIndexes(database.db, third.organizationId, rows);
    const measurement: ImportMeasurement = {
      result,
      importMs,
      rssBeforeBytes,
      peakRssBytes,
      baselineRows: rows.length,
      baselineMs,
      withoutSearchIndexesMs,
    };
    process.stdout.write(`${JSON.stringify(measurement)}\n`);
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
