import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CSV_MAX_BYTES } from '@shared/constants';
import { benchCsv } from './contacts-bench-data';
import type { ImportMeasurement } from './contacts-import-worker';
import { startBenchPostgres } from './contacts-postgres';
import type { BenchRow, BenchSuite } from './run';

const ROWS = 200_000;
const SUITE = 'contacts-import';
const MB = 1024 * 1024;

function row(metric: string, value: string, target?: string): BenchRow {
  return { suite: SUITE, metric, value, target };
}

/** Runs the import worker in a fresh process (so its RSS is the import's alone) and answers its last output line. */
function runWorker(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', path.join(__dirname, 'contacts-import-worker.ts'), ...args], {
      cwd: path.resolve(__dirname, '../..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve(output.trim().split('\n').pop() ?? '');
      else reject(new Error(`the import worker exited with ${code}`));
    });
  });
}

async function measure(csvPath: string, target: string, pgliteDataDir = ''): Promise<ImportMeasurement> {
  const last = await runWorker([csvPath, target, pgliteDataDir]);
  if (!last.startsWith('{')) throw new Error('the import worker printed no measurement');
  return JSON.parse(last) as ImportMeasurement;
}

function rowsFor(label: string, m: ImportMeasurement, target: { seconds: string; rss: string }): BenchRow[] {
  const { stats } = m.result;
  const seconds = m.importMs / 1000;
  return [
    row(`${label}: import time (upload → answer)`, `${seconds.toFixed(2)} s for ${stats.totalRows.toLocaleString('en')} rows`, target.seconds),
    row(`${label}: import rate`, `${Math.round(stats.totalRows / seconds).toLocaleString('en')} rows/s (${stats.created.toLocaleString('en')} created, ${stats.errors} bad rows reported)`),
    row(`${label}: process RSS before → peak`, `${Math.round(m.rssBeforeBytes / MB)} → ${Math.round(m.peakRssBytes / MB)} MB`, target.rss),
    row(`${label}: bare multi-row INSERT of the same rows`, `${(m.baselineMs / 1000).toFixed(2)} s (${Math.round(m.baselineRows / (m.baselineMs / 1000)).toLocaleString('en')} rows/s)`),
    row(`${label}: import / bare INSERT`, `${(m.importMs / m.baselineMs).toFixed(1)}×`),
    row(`${label}: bare INSERT without the two search (trigram) indexes`, `${(m.withoutSearchIndexesMs / 1000).toFixed(2)} s`),
  ];
}

/**
 * The CSV import of a generated 10 MB file (~200,000 rows; spaced, international and trunk-0 numbers,
 * one row in a thousand bad) through the real HTTP route: parse, check, one-transaction upsert, tag
 * and timeline entries. Compared with loading the same rows by a bare multi-row INSERT in the same run.
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
      const rows = [row('file', `${(size / MB).toFixed(2)} MB, ${ROWS.toLocaleString('en')} rows`)];

      const pgliteDir = path.join(dir, 'db');
      await runWorker(['prepare', pgliteDir]);
      rows.push(...rowsFor('embedded (PGlite)', await measure(csvPath, 'pglite', pgliteDir), { seconds: '< 10 s', rss: '< 400 MB' }));

      const postgres = await startBenchPostgres();
      if ('skipped' in postgres) {
        rows.push(row('PostgreSQL', `skipped: ${postgres.skipped}`));
      } else {
        try {
          rows.push(...rowsFor('PostgreSQL 15', await measure(csvPath, postgres.url), { seconds: '—', rss: '—' }));
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
