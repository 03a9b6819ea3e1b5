import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { CONTACTS_PAGE_SIZE } from '@shared/constants';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase, type DatabaseHandle } from '../server/db/database';
import { writeImport } from '../server/modules/contact-import/import-writer';
import { benchContact } from './contacts-bench-data';
import { startBenchPostgres } from './contacts-postgres';
import type { BenchRow, BenchSuite } from './run';

const SUITE = 'contacts-list';
const CONTACTS = 100_000;
const CONNECTIONS = 10;
const DURATION_SECONDS = 10;
/** Name fragments and number fragments, common and rare, as people type them. */
const SEARCHES = ['ahm', 'fatima', 'khan', 'al thani', 'priya nair', 'subram', 'oseph', 'zainab d', '50000', '98765', '0500012', '+971 5000', '333', '9000012', 'walid'];

interface AutocannonRequest {
  path?: string;
  headers?: Record<string, string>;
}
interface AutocannonResult {
  latency: { p50: number; p99: number; max: number };
  requests: { average: number; total: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  headers: Record<string, string>;
  requests: Array<{ setupRequest: (request: AutocannonRequest) => AutocannonRequest }>;
}) => Promise<AutocannonResult>;

function row(metric: string, value: string, target?: string): BenchRow {
  return { suite: SUITE, metric, value, target };
}

/** Requests `paths` in turn over CONNECTIONS connections for DURATION_SECONDS. */
function load(origin: string, cookie: string, paths: () => string): Promise<AutocannonResult> {
  const autocannon = createRequire(__filename)('autocannon') as Autocannon;
  return autocannon({
    url: origin,
    connections: CONNECTIONS,
    duration: DURATION_SECONDS,
    timeout: 30,
    headers: { cookie },
    requests: [{ setupRequest: (request) => ({ ...request, path: paths() }) }],
  });
}

function describe(result: AutocannonResult): string {
  const failed = result.non2xx + result.errors + result.timeouts;
  return `p50 ${result.latency.p50} ms / p99 ${result.latency.p99} ms, ${Math.round(result.requests.average)} req/s${failed ? `, ${failed} failed` : ''}`;
}

/** 100,000 contacts in one organization, each tagged and with its import entry, as an import leaves them. */
async function seed(handle: DatabaseHandle, organizationId: string, userId: string): Promise<void> {
  const contacts = Array.from({ length: CONTACTS }, (_, i) => benchContact(i));
  await writeImport(handle.db, { organizationId, userId, tagName: 'Bench List', fileName: 'bench.csv', contacts });
  // What autovacuum does on a live server: statistics for the planner, a visibility map for index-only scans.
  if (handle.kind === 'postgres') await handle.db.execute(sql`vacuum analyze`);
  else await handle.db.execute(sql`analyze`);
}

async function measureOn(label: string, open: () => Promise<DatabaseHandle>, target: string): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-list-'));
  const handle = await open();
  const config = { ...loadConfig({ SEED_DEMO: '0', PUBLIC_URL: 'http://127.0.0.1' }), dataDir, clientDir: '/nonexistent' };
  const app = await buildApp(config, { database: handle, logger: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Bench Admin', email: `list-${process.pid}-${Date.now()}@example.com`, password: 'Bench12345', organizationName: 'Bench List' },
    });
    const cookie = signup.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const { user } = signup.json<{ user: { userId: string; organization: { organizationId: string } } }>();
    const seeding = performance.now();
    await seed(handle, user.organization.organizationId, user.userId);
    const seededIn = (performance.now() - seeding) / 1000;

    const pages = Math.ceil(CONTACTS / CONTACTS_PAGE_SIZE);
    let n = 0;
    const list = await load(origin, cookie, () => {
      n += 1;
      // Spread over every page, deep ones included (offset 99,950 is the worst).
      return `/api/contacts?page=${((n * 7919) % pages) + 1}&limit=${CONTACTS_PAGE_SIZE}`;
    });
    const search = await load(origin, cookie, () => {
      n += 1;
      return `/api/contacts/search?q=${encodeURIComponent(SEARCHES[n % SEARCHES.length])}`;
    });
    return [
      row(`${label}: seeded`, `${CONTACTS.toLocaleString('en')} contacts in ${seededIn.toFixed(1)} s`),
      row(`${label}: GET /api/contacts?page=N (${CONNECTIONS} conn.)`, describe(list), target),
      row(`${label}: GET /api/contacts/search?q=… (${CONNECTIONS} conn.)`, describe(search), target),
    ];
  } finally {
    await app.close();
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The Contacts screen's two reads with 100,000 contacts in the organization, under concurrent load
 * (autocannon) against the real HTTP server: a page of 50 anywhere in the list, and a search by name or
 * number fragment. On the embedded database and on PostgreSQL.
 */
export const contactsListBench: BenchSuite = {
  name: SUITE,
  async run(): Promise<BenchRow[]> {
    const rows: BenchRow[] = [];
    const pgliteDir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-list-db-'));
    try {
      rows.push(...(await measureOn('embedded (PGlite)', () => openDatabase({ kind: 'pglite', dataDir: pgliteDir }), '—')));
    } finally {
      rmSync(pgliteDir, { recursive: true, force: true });
    }
    const postgres = await startBenchPostgres();
    if ('skipped' in postgres) {
      rows.push(row('PostgreSQL', `skipped: ${postgres.skipped}`));
      return rows;
    }
    try {
      rows.push(...(await measureOn('PostgreSQL 15', () => openDatabase({ kind: 'postgres', url: postgres.url, poolSize: CONNECTIONS }), 'p99 < 50 ms')));
    } finally {
      await postgres.stop();
    }
    return rows;
  },
};
