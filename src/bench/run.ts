/**
 * `npm run bench`: runs every benchmark suite and prints one table. Each suite lives in its own
 * file and registers here; `npm run bench -- <name>` runs only the suites whose name contains <name>.
 */
import { abuseBench } from './abuse.bench';
import { broadcastCrashBench } from './broadcast-crash.bench';
import { broadcastDispatchBench } from './broadcast-dispatch.bench';
import { broadcastSummaryBench } from './broadcast-summary.bench';
import { contactsImportBench } from './contacts-import.bench';
import { contactsImportCrashBench } from './contacts-import-crash.bench';
import { contactsListBench } from './contacts-list.bench';
import { inboxBench } from './inbox.bench';
import { inboxLiveBench } from './inbox-live.bench';
import { inboxMergeBench } from './inbox-merge.bench';
import { mediaBench } from './media.bench';
import { reportsBench } from './reports.bench';
import { runtimeBench } from './runtime.bench';
import { webhookIngestBench } from './webhook-ingest.bench';

export interface BenchRow {
  suite: string;
  metric: string;
  value: string;
  target?: string;
}

export interface BenchSuite {
  name: string;
  run(): Promise<BenchRow[]>;
}

const SUITES: BenchSuite[] = [
  webhookIngestBench, contactsImportBench, contactsImportCrashBench, contactsListBench, inboxMergeBench, inboxBench, broadcastDispatchBench, broadcastCrashBench, broadcastSummaryBench, runtimeBench, abuseBench, inboxLiveBench, reportsBench, mediaBench,
];

async function main(): Promise<void> {
  const filter = process.argv[2];
  const rows: BenchRow[] = [];
  for (const suite of SUITES.filter((s) => !filter || s.name.includes(filter))) {
    process.stderr.write(`running ${suite.name}...\n`);
    rows.push(...(await suite.run()));
  }
  printTable(rows);
}

function printTable(rows: BenchRow[]): void {
  const header: BenchRow = { suite: 'suite', metric: 'metric', value: 'value', target: 'target' };
  const all = [header, ...rows];
  const width = (key: keyof BenchRow) => Math.max(...all.map((r) => (r[key] ?? '').length));
  const widths = { suite: width('suite'), metric: width('metric'), value: width('value'), target: width('target') };
  for (const [i, row] of all.entries()) {
    const cells = (['suite', 'metric', 'value', 'target'] as const).map((k) => (row[k] ?? '').padEnd(widths[k]));
    process.stdout.write(`| ${cells.join(' | ')} |\n`);
    if (i === 0) process.stdout.write(`|${(['suite', 'metric', 'value', 'target'] as const).map((k) => '-'.repeat(widths[k] + 2)).join('|')}|\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
