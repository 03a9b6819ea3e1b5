import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CSV_MAX_BYTES } from '@shared/constants';
import { benchCsv } from './contacts-bench-data';
import { importFile, SESSION_CHECK_PATH, settleAfterImport, type ImportUpload } from './contacts-import-http';
import { measureImportMemory, type ImportMemory } from './contacts-import-memory';
import type { ServerRuntime } from './server-process';
import type { BaselineMeasurement } from './contacts-import-worker';
import type { BusyOrganization } from './contacts-import-worker';
import { runWorker, setImportManners, startWorkerServer, stopWorkerServer } from './contacts-import-worker-process';
import { startBenchPostgres } from './contacts-postgres';
import { startBusyMeter } from './machine-busy';
import type { BenchRow, BenchSuite } from './run';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 200_000);
/** BENCH_IMPORT_MEMORY=0 leaves out the memory rows (two more servers and imports per engine). */
const MEASURE_MEMORY = process.env.BENCH_IMPORT_MEMORY !== '0';
const SUITE = 'contacts-import';
const MB = 1024 * 1024;
/** Another member's requests during the import: one every LOAD_INTERVAL_MS, whatever the answers take. */
const LOAD_INTERVAL_MS = 100;
const LOAD_PATHS = [SESSION_CHECK_PATH, '/api/contacts?page=1&limit=25'];
/** Issue 13's memory goals for the server process. */
const IDLE_RSS_TARGET = '< 300 MB';
const PEAK_RSS_TARGET = '< 500 MB';
/** How each runtime is named in the table: after, and before `npm start` ran compiled JavaScript. */
const RUNTIME_LABEL: Record<ServerRuntime, string> = { compiled: 'compiled (npm start)', tsx: 'tsx on the sources (npm start before)' };

function row(metric: string, value: string, target?: string): BenchRow {
  return { suite: SUITE, metric, value, target };
}

interface LoadResult {
  /** Milliseconds from each request's start to its whole answer, sorted. */
  latencies: number[];
  failures: string[];
}

/** Requests by another member at a fixed pace, each timed from its start to its whole answer. */
function startLoad(origin: string, cookie: string): { stop(): Promise<LoadResult> } {
  const result: LoadResult = { latencies: [], failures: [] };
  const inFlight = new Set<Promise<void>>();
  let n = 0;
  const timer = setInterval(() => {
    const url = `${origin}${LOAD_PATHS[n % LOAD_PATHS.length]}`;
    n += 1;
    const started = performance.now();
    const request = fetch(url, { headers: { cookie } })
      .then(async (response) => {
        await response.arrayBuffer();
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        result.latencies.push(performance.now() - started);
      })
      .catch((error: unknown) => {
        result.failures.push(error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : String(error));
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  }, LOAD_INTERVAL_MS);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      result.latencies.sort((x, y) => x - y);
      return result;
    },
  };
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const ratio = (after: number, before: number) => `${(after / before).toFixed(2)}×`;
/** Goal for another member's requests while an import runs. */
const UNDER_LOAD_P99_TARGET = 'p99 < 250 ms';

interface ImportUnderLoad {
  importMs: number;
  latencies: number[];
  failures: string[];
  busy: number | null;
}

/** The file imported into a busy organization while its other member keeps making requests. */
async function importUnderLoad(origin: string, organization: BusyOrganization, upload: ImportUpload): Promise<ImportUnderLoad> {
  const busy = startBusyMeter();
  const load = startLoad(origin, organization.memberCookie);
  const imported = await importFile(origin, organization.importerCookie, upload);
  const { latencies, failures } = await load.stop();
  return { importMs: imported.ms, latencies, failures, busy: busy() };
}

const busyNote = (share: number | null) => (share === null ? '' : `; machine ${Math.round(share * 100)}% busy`);

function latencySummary({ latencies, failures, busy }: ImportUnderLoad): string {
  return `p50 ${Math.round(percentile(latencies, 50))} ms, p99 ${Math.round(percentile(latencies, 99))} ms, max ${Math.round(latencies.at(-1) ?? 0)} ms ` +
    `(${latencies.length} answered${failures.length > 0 ? `, ${failures.length} failed: ${failures[0]}` : ''})${busyNote(busy)}`;
}
const count = (n: number) => n.toLocaleString('en');
const megabytes = (bytes: number) => `${Math.round(bytes / MB)} MB`;

/**
 * One engine: the bare INSERT (rolled back), then through the real HTTP route of a server process: the
 * import alone (its time against the bare INSERT), the same file again, and the same file into two more
 * organizations (all new rows there) while another member of each keeps making requests: once with the
 * import taking turns with those requests, as it did before, and once giving way to them.
 * That server is the worker's (the app built in a process of its own, so a second member can be added
 * directly); the memory goals are measured on the servers `npm start` runs, in measureMemory.
 */
async function measureEngine(label: string, csvPath: string, target: string, pgliteDir?: string): Promise<BenchRow[]> {
  const engineArgs = pgliteDir ? [target, pgliteDir] : [target];
  const progress = (step: string) => process.stderr.write(`  ${label}: ${step}\n`);
  progress('bare INSERT');
  const baseline = JSON.parse(await runWorker(['baseline', csvPath, ...engineArgs])) as BaselineMeasurement;
  const { child, ready } = await startWorkerServer(engineArgs);
  try {
    const origin = `http://127.0.0.1:${ready.port}`;
    const upload: ImportUpload = { csvPath, tagName: 'Bench Import', fileName: 'bench-contacts.csv' };

    progress('import');
    const busy = startBusyMeter();
    const first = await importFile(origin, ready.importerCookie, upload);
    const firstBusy = busy();
    const vacuumWait = await settleAfterImport(origin, ready.importerCookie);

    progress('re-import');
    const again = await importFile(origin, ready.importerCookie, upload);
    await settleAfterImport(origin, ready.importerCookie);

    // The same file into two fresh organizations, each while its other member works: first with the
    // import taking turns with the requests (as it did before), then giving way to them.
    progress('import while another member works, taking turns (as before)');
    await setImportManners(child, { importGivesWay: false });
    const takingTurns = await importUnderLoad(origin, ready.busy[0], upload);
    await settleAfterImport(origin, ready.importerCookie);
    progress('import while another member works, giving way');
    await setImportManners(child, { importGivesWay: true });
    const givingWay = await importUnderLoad(origin, ready.busy[1], upload);

    const { stats } = first.result;
    const p99 = (run: ImportUnderLoad) => percentile(run.latencies, 99);
    return [
      row(`${label}: import (upload → answer)`, `${seconds(first.ms)}: ${count(stats.created)} created, ${count(stats.errors)} bad rows reported${busyNote(firstBusy)}`),
      row(`${label}: bare multi-row INSERT of the same ${count(baseline.rows)} rows`, seconds(baseline.ms)),
      row(`${label}: import / bare INSERT`, `${(first.ms / baseline.ms).toFixed(2)}×`, '≤ 2×'),
      row(
        `${label}: bare multi-row INSERT of the rows an import writes (contacts, their tag links, a timeline entry each)`,
        `${seconds(baseline.allTablesMs)}; import / that: ${(first.ms / baseline.allTablesMs).toFixed(2)}×`,
      ),
      row(
        `${label}: re-import of the same file`,
        `${seconds(again.ms)} (${count(again.result.stats.unchanged)} unchanged, ${count(again.result.stats.updated)} updated); ` +
          `${(again.ms / first.ms).toFixed(2)}× the import`,
        'well under 1×',
      ),
      row(`${label}: another member's requests during an import taking turns with them (as before; import ${seconds(takingTurns.importMs)})`, latencySummary(takingTurns)),
      row(`${label}: another member's requests during an import giving way to them (import ${seconds(givingWay.importMs)})`, latencySummary(givingWay), UNDER_LOAD_P99_TARGET),
      row(
        `${label}: giving way / taking turns`,
        `p99 ${ratio(p99(givingWay), p99(takingTurns))}, p50 ${ratio(percentile(givingWay.latencies, 50), percentile(takingTurns.latencies, 50))}, ` +
          `import time ${ratio(givingWay.importMs, takingTurns.importMs)}`,
      ),
      row(`${label}: a request made as the import's vacuum starts`, `answered in ${Math.round(vacuumWait)} ms`),
    ];
  } finally {
    await stopWorkerServer(child);
  }
}

/**
 * The server process's memory around one import of the file, on a server started as a user starts it
 * (the bench's worker server above is neither runtime): compiled as `npm start` runs it now, and the
 * sources run by tsx as it ran them before, each on a fresh DATA_DIR, in the same run.
 */
async function measureMemory(label: string, csvPath: string, workDir: string, databaseUrl?: string): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const runtime of ['tsx', 'compiled'] as const) {
    process.stderr.write(`  ${label}: memory, ${RUNTIME_LABEL[runtime]}\n`);
    rows.push(...memoryRows(label, await measureImportMemory(runtime, csvPath, workDir, databaseUrl)));
  }
  return rows;
}

function memoryRows(label: string, memory: ImportMemory): BenchRow[] {
  const server = `${label}, ${RUNTIME_LABEL[memory.runtime]}: server process RSS`;
  const sampled = memory.peakFromKernel ? '' : ', sampled every 10 ms';
  return [
    row(`${server} idle right before the import`, megabytes(memory.idleRss), IDLE_RSS_TARGET),
    row(
      `${server} peak during the import (upload → answer, then the vacuum after it)`,
      `${megabytes(memory.peakRss)} (import ${seconds(memory.importMs)}${sampled})`,
      PEAK_RSS_TARGET,
    ),
  ];
}

/**
 * The CSV import of a generated ~10 MB file (200,000 rows of benchCsv) through the real HTTP route, on
 * the embedded database and on PostgreSQL: its time against a bare INSERT of the same rows into the same
 * table in the same run, the re-import of the same file, other requests' latency meanwhile, and the
 * server process's idle and peak memory around an import, compiled (`npm start`) and run by tsx.
 */
export const contactsImportBench: BenchSuite = {
  name: SUITE,
  async run(): Promise<BenchRow[]> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-csv-'));
    const csvPath = path.join(dir, 'contacts.csv');
    try {
      writeFileSync(csvPath, benchCsv(ROWS));
      const size = statSync(csvPath).size;
      if (size > CSV_MAX_BYTES) throw new Error(`the generated CSV is ${size} bytes, over the import limit`);
      const rows = [row('file', `${(size / MB).toFixed(2)} MB, ${count(ROWS)} rows`)];

      const pgliteDir = path.join(dir, 'db');
      await runWorker(['prepare', pgliteDir]);
      rows.push(...(await measureEngine('embedded (PGlite)', csvPath, 'pglite', pgliteDir)));
      if (MEASURE_MEMORY) rows.push(...(await measureMemory('embedded (PGlite)', csvPath, dir)));

      const postgres = await startBenchPostgres();
      if ('skipped' in postgres) {
        rows.push(row('PostgreSQL', `skipped: ${postgres.skipped}`));
      } else {
        try {
          rows.push(...(await measureEngine('PostgreSQL 15', csvPath, postgres.url)));
          if (MEASURE_MEMORY) rows.push(...(await measureMemory('PostgreSQL 15', csvPath, dir, postgres.url)));
        } finally {
          await postgres.stop();
        }
      }
      return rows;
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
