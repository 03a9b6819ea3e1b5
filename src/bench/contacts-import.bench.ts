import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openAsBlob, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ContactImportResult } from '@shared/api/contact-import';
import { CSV_MAX_BYTES } from '@shared/constants';
import { benchCsv } from './contacts-bench-data';
import type { BaselineMeasurement, ServerReady } from './contacts-import-worker';
import { startBenchPostgres } from './contacts-postgres';
import { startBusyMeter } from './machine-busy';
import type { BenchRow, BenchSuite } from './run';

const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 200_000);
const SUITE = 'contacts-import';
const MB = 1024 * 1024;
/** Another member's requests during the import: one every LOAD_INTERVAL_MS, whatever the answers take. */
const LOAD_INTERVAL_MS = 100;
const LOAD_PATHS = ['/api/auth/verify', '/api/contacts?page=1&limit=25'];
const WORKER = path.join(__dirname, 'contacts-import-worker.ts');
const ROOT = path.resolve(__dirname, '../..');

function row(metric: string, value: string, target?: string): BenchRow {
  return { suite: SUITE, metric, value, target };
}

function spawnWorker(args: string[], ipc = false): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', WORKER, ...args], {
    cwd: ROOT,
    stdio: ipc ? ['ignore', 'ignore', 'inherit', 'ipc'] : ['ignore', 'pipe', 'inherit'],
  });
}

/** Runs a worker to its end and answers its last output line. */
function runWorker(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawnWorker(args);
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve(output.trim().split('\n').pop() ?? '');
      else reject(new Error(`the import worker (${args[0]}) exited with ${code}`));
    });
  });
}

/** The server worker, once it listens with its members signed in. */
function startServer(args: string[]): Promise<{ child: ChildProcess; ready: ServerReady }> {
  return new Promise((resolve, reject) => {
    const child = spawnWorker(['serve', ...args], true);
    child.once('message', (ready: ServerReady) => resolve({ child, ready }));
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the import server exited with ${code} before it was ready`)));
  });
}

function stopServer(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.disconnect();
  });
}

/** A process's resident set and its high-water mark (Linux), in bytes. */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** Resets the process's high-water mark to its current RSS, so the next reading is the peak from now on. */
function resetPeak(pid: number): void {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
  } catch {
    // Not allowed here: the samples taken meanwhile still give a peak.
  }
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

async function upload(origin: string, cookie: string, csvPath: string): Promise<{ ms: number; result: ContactImportResult }> {
  const form = new FormData();
  form.append('tagName', 'Bench Import');
  form.append('file', await openAsBlob(csvPath, { type: 'text/csv' }), 'bench-contacts.csv');
  const started = performance.now();
  const response = await fetch(`${origin}/api/tags/import`, { method: 'POST', body: form, headers: { cookie } });
  const result = (await response.json()) as ContactImportResult;
  const ms = performance.now() - started;
  if (!response.ok || !result.success) throw new Error(`the import answered ${response.status}: ${JSON.stringify(result).slice(0, 500)}`);
  return { ms, result };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const count = (n: number) => n.toLocaleString('en');

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits out the embedded database's vacuum, which starts AFTER_BULK_WRITE_DELAY_MS (2 s) after an import
 * and holds the engine until it is done, so the next measurement does not include it. Answers how long a
 * request made as it started waited (on PostgreSQL, no vacuum: an ordinary request).
 */
async function settleAfterImport(origin: string, cookie: string): Promise<number> {
  await sleep(2500);
  const started = performance.now();
  const response = await fetch(`${origin}${LOAD_PATHS[0]}`, { headers: { cookie } });
  await response.arrayBuffer();
  return performance.now() - started;
}

/**
 * One engine: the bare INSERT (rolled back), then through the real HTTP route of a server process: the
 * import alone (its time against the bare INSERT), the same file again, and the same file into a second
 * organization (all new rows there) while another member of that organization keeps making requests.
 */
async function measureEngine(label: string, csvPath: string, target: string, pgliteDir?: string): Promise<BenchRow[]> {
  const engineArgs = pgliteDir ? [target, pgliteDir] : [target];
  const progress = (step: string) => process.stderr.write(`  ${label}: ${step}\n`);
  progress('bare INSERT');
  const baseline = JSON.parse(await runWorker(['baseline', csvPath, ...engineArgs])) as BaselineMeasurement;
  const { child, ready } = await startServer(engineArgs);
  try {
    const pid = child.pid ?? 0;
    const origin = `http://127.0.0.1:${ready.port}`;
    const before = memoryOf(pid).rss;
    resetPeak(pid);
    let sampledPeak = before;
    const sampler = setInterval(() => {
      sampledPeak = Math.max(sampledPeak, memoryOf(pid).rss);
    }, 10);

    progress('import');
    let busy = startBusyMeter();
    const first = await upload(origin, ready.importerCookie, csvPath);
    const firstBusy = busy();
    const vacuumWait = await settleAfterImport(origin, ready.importerCookie);

    progress('re-import');
    const again = await upload(origin, ready.importerCookie, csvPath);
    await settleAfterImport(origin, ready.importerCookie);

    progress('import while another member works');
    busy = startBusyMeter();
    const load = startLoad(origin, ready.busyMemberCookie);
    const underLoad = await upload(origin, ready.busyImporterCookie, csvPath);
    const { latencies, failures } = await load.stop();
    const loadBusy = busy();
    clearInterval(sampler);
    const peak = Math.max(sampledPeak, memoryOf(pid).peak);

    const busyNote = (share: number | null) => (share === null ? '' : `; machine ${Math.round(share * 100)}% busy`);
    const { stats } = first.result;
    return [
      row(`${label}: import (upload → answer)`, `${seconds(first.ms)}: ${count(stats.created)} created, ${count(stats.errors)} bad rows reported${busyNote(firstBusy)}`),
      row(`${label}: bare multi-row INSERT of the same ${count(baseline.rows)} rows`, seconds(baseline.ms)),
      row(`${label}: import / bare INSERT`, `${(first.ms / baseline.ms).toFixed(2)}×`, '≤ 2×'),
      row(
        `${label}: re-import of the same file`,
        `${seconds(again.ms)} (${count(again.result.stats.unchanged ?? 0)} unchanged, ${count(again.result.stats.updated)} updated); ` +
          `${(again.ms / first.ms).toFixed(2)}× the import`,
        'well under 1×',
      ),
      row(
        `${label}: another member's requests during an import (${seconds(underLoad.ms)})`,
        `p50 ${Math.round(percentile(latencies, 50))} ms, p99 ${Math.round(percentile(latencies, 99))} ms, max ${Math.round(latencies.at(-1) ?? 0)} ms ` +
          `(${latencies.length} answered${failures.length > 0 ? `, ${failures.length} failed: ${failures[0]}` : ''})${busyNote(loadBusy)}`,
        'p99 < 1 s',
      ),
      row(`${label}: a request made as the import's vacuum starts`, `answered in ${Math.round(vacuumWait)} ms`),
      row(`${label}: server process RSS before → peak during the imports`, `${Math.round(before / MB)} → ${Math.round(peak / MB)} MB`, '< 500 MB'),
    ];
  } finally {
    await stopServer(child);
  }
}

/**
 * The CSV import of a generated ~10 MB file (200,000 rows of benchCsv) through the real HTTP route, on
 * the embedded database and on PostgreSQL: its time against a bare INSERT of the same rows into the same
 * table in the same run, the re-import of the same file, other requests' latency meanwhile and the
 * server's memory.
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

      const postgres = await startBenchPostgres();
      if ('skipped' in postgres) {
        rows.push(row('PostgreSQL', `skipped: ${postgres.skipped}`));
      } else {
        try {
          rows.push(...(await measureEngine('PostgreSQL 15', csvPath, postgres.url)));
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
