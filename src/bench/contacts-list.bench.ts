import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { CONTACTS_PAGE_SIZE } from '@shared/constants';
import { buildApp } from '../server/app';
import { benchConfig } from './bench-config';
import { openDatabase, type DatabaseHandle } from '../server/db/database';
import { writeImport } from '../server/modules/contact-import/contact-import-service';
import { ContactBatches } from '../server/modules/contact-import/contact-batches';
import { autocannonIn, type AutocannonResult } from './autocannon-in-worker';
import { benchContact } from './contacts-bench-data';
import { startBenchPostgres } from './contacts-postgres';
import type { BenchRow, BenchSuite } from './run';

const SUITE = 'contacts-list';
const CONTACTS = 100_000;
const CONNECTIONS = 10;
const DURATION_SECONDS = 10;
/** Before each measurement: caches filled, statements prepared, list anchors taken, as on a server in use. */
const WARM_UP_SECONDS = 2;
const FIRST_PAGES = 20;
/** Name fragments and number fragments, common and rare, as people type them, in the bench data's countries. */
const SEARCHES = [
  'ahm', 'fatima', 'khan', 'al thani', 'priya nair', 'subram', 'oseph', 'zainab d', 'walid', 'smith', 'müller', 'silva', 'okafor',
  '50000', '98765', '0500012', '+971 5000', '+44 7911', '333', '9000012', '2125', '+55 11 9',
];

function row(metric: string, value: string, target?: string): BenchRow {
  return { suite: SUITE, metric, value, target };
}

/**
 * Requests `paths` in turn over CONNECTIONS connections, each sending its next request as soon as the
 * last is answered, for DURATION_SECONDS after a warm-up.
 */
async function load(origin: string, cookie: string, paths: string[]): Promise<Measured> {
  await autocannonIn(origin, cookie, paths, CONNECTIONS, WARM_UP_SECONDS);
  const cpu = process.cpuUsage();
  const result = await autocannonIn(origin, cookie, paths, CONNECTIONS, DURATION_SECONDS);
  // The worker thread's CPU counts in process.cpuUsage too; autocannon's own cost is small beside the server's.
  const used = process.cpuUsage(cpu);
  return { result, cpuMsPerRequest: (used.user + used.system) / 1000 / Math.max(1, result.requests.total) };
}

interface Measured {
  result: AutocannonResult;
  /** CPU the server's process (API, and PGlite when embedded) spent per request. */
  cpuMsPerRequest: number;
}

function describe({ result, cpuMsPerRequest }: Measured): string {
  const failed = result.non2xx + result.errors + result.timeouts;
  const rate = Math.round(result.requests.total / DURATION_SECONDS);
  return `p50 ${result.latency.p50} ms / p99 ${result.latency.p99} ms, ${rate} req/s, ${cpuMsPerRequest.toFixed(1)} ms CPU/req in the API process${failed ? `, ${failed} failed` : ''}`;
}

/**
 * 100,000 contacts in one organization, each tagged and with its import entry, as an import leaves them,
 * then vacuumed: by the app's own maintenance on the embedded database (as after an import), by a
 * VACUUM ANALYZE standing in for autovacuum on PostgreSQL.
 */
async function seed(app: FastifyInstance, handle: DatabaseHandle, organizationId: string, userId: string): Promise<void> {
  const contacts = Array.from({ length: CONTACTS }, (_, i) => benchContact(i));
  await writeImport(handle.db, { organizationId, userId, tagName: 'Bench List', fileName: 'bench.csv', contacts: ContactBatches.of(contacts) });
  if (handle.kind === 'postgres') await handle.db.execute(sql`vacuum analyze`);
  else await app.maintenance.vacuumNow();
}

async function measureOn(label: string, open: () => Promise<DatabaseHandle>, target: string): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-list-'));
  const handle = await open();
  const config = benchConfig(dataDir);
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
    await seed(app, handle, user.organization.organizationId, user.userId);
    const seededIn = (performance.now() - seeding) / 1000;

    const pages = Math.ceil(CONTACTS / CONTACTS_PAGE_SIZE);
    const pageUrl = (page: number) => `/api/contacts?page=${page}&limit=${CONTACTS_PAGE_SIZE}`;
    const rows = [row(`${label}: seeded`, `${CONTACTS.toLocaleString('en')} contacts in ${seededIn.toFixed(1)} s`)];
    const measure = async (name: string, paths: string[]): Promise<Measured> => {
      const measured = await load(origin, cookie, paths);
      rows.push(row(`${label}: ${name}, ${CONNECTIONS} connections`, describe(measured), target));
      return measured;
    };
    // Every page, deep ones included (the middle one, offset 50,000, is the worst), in a scattered order.
    await measure(`GET /api/contacts, any of ${pages} pages`, Array.from({ length: pages }, (_, i) => pageUrl(((i * 7919) % pages) + 1)));
    // What people mostly do: the first pages.
    const firstPages = await measure(`GET /api/contacts, pages 1-${FIRST_PAGES}`, Array.from({ length: FIRST_PAGES }, (_, i) => pageUrl(i + 1)));
    const search = await measure('GET /api/contacts/search?q=…', SEARCHES.map((q) => `/api/contacts/search?q=${encodeURIComponent(q)}`));
    // The machine's speed (and its other load) divides out of a ratio of two reads measured in the same run.
    const times = (pick: (latency: AutocannonResult['latency']) => number) =>
      (pick(search.result.latency) / Math.max(1, pick(firstPages.result.latency))).toFixed(2);
    rows.push(row(`${label}: search ÷ pages 1-${FIRST_PAGES}, same run`, `p50 ×${times((l) => l.p50)} / p99 ×${times((l) => l.p99)}`));
    return rows;
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
