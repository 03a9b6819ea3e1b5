import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { SERVER_BUILD_DIR, serverEntry } from '../server/cli/server-build';
import { npmStartScript } from '../server/cli/start-harness';
import { processMemory, type ProcessMemory } from './process-memory';
import type { BenchRow, BenchSuite } from './run';
import { BenchServer } from './server-process';

const SUITE = 'runtime';
/** When a started server's memory is read: idle right after start, and once idle long enough for V8 to shrink its heap. */
const JUST_STARTED_MS = 5_000;
const SETTLED_MS = 60_000;
const IDLE_RSS_TARGET = '< 300 MB';
const MB = 1024 * 1024;

/** How `npm start` ran the server before it was compiled: tsx compiling the sources as they load. */
const TSX_START_SCRIPT = 'tsx src/server/cli/start.ts';

interface StartMeasurement {
  /** From starting the script to the first 200 of /api/health. */
  startMs: number;
  /** The process of the tree holding the most memory (the server), JUST_STARTED_MS after it answered. */
  server: ProcessMemory;
  /** Every process of the tree the script started at that moment (npm's own process would come on top). */
  treeRss: number;
  processes: number;
  /** The server's RSS after SETTLED_MS of idling. */
  settledRss: number;
}

/** The parent of every running process, from /proc/<pid>/stat (the field after the command's closing parenthesis). */
function parents(): Map<number, number> {
  const parentOf = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      parentOf.set(Number(entry), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // exited meanwhile
    }
  }
  return parentOf;
}

/** A process and all its descendants. */
function processTree(root: number): ProcessMemory[] {
  const parentOf = parents();
  const members = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, parent] of parentOf) {
      if (members.has(parent) && !members.has(pid)) {
        members.add(pid);
        grew = true;
      }
    }
  }
  return [...members].map(processMemory).filter((memory): memory is ProcessMemory => memory !== null);
}

/**
 * Runs a start script with a DATA_DIR on a free port, times it to a healthy /api/health, reads the
 * memory of its process tree a moment later and the server's again once it idled a while, then stops it.
 */
async function measureStart(script: string, dataDir: string, logFile: string, env: Record<string, string> = {}): Promise<StartMeasurement> {
  const server = new BenchServer({ script, dataDir, logFile, env });
  const started = performance.now();
  await server.start();
  try {
    const startMs = performance.now() - started;
    const healthyAt = performance.now();
    const idleUntil = (ms: number) => new Promise((resolve) => setTimeout(resolve, healthyAt + ms - performance.now()));
    await idleUntil(JUST_STARTED_MS);
    const tree = processTree(server.pid);
    const largest = tree.reduce((largestSoFar, memory) => (memory.rss > largestSoFar.rss ? memory : largestSoFar));
    await idleUntil(SETTLED_MS);
    const settledRss = processMemory(largest.pid)?.rss ?? Number.NaN;
    return { startMs, server: largest, treeRss: tree.reduce((sum, memory) => sum + memory.rss, 0), processes: tree.length, settledRss };
  } finally {
    await server.stop();
  }
}

function row(metric: string, value: string, target?: string): BenchRow {
  return { suite: SUITE, metric, value, target };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const megabytes = (bytes: number) => `${Math.round(bytes / MB)} MB`;
const ratio = (after: number, before: number) => `${(after / before).toFixed(2)}×`;

/** One row comparing the tsx start with the compiled one: "tsx X → compiled Y (ratio)". */
function compare(metric: string, before: number, after: number, format: (n: number) => string, target?: string): BenchRow {
  return row(metric, `tsx ${format(before)} → compiled ${format(after)} (${ratio(after, before)})`, target);
}

/**
 * `npm start` as a user runs it, before (tsx compiling the sources at run time) and after (the
 * server built by esbuild when its sources changed, run by node), in the same run: the time to a
 * healthy /api/health on an empty DATA_DIR (first start: tsx without its cache, the compiled start
 * building the bundle) and again on the same DATA_DIR (warm start), and each time the idle memory of
 * the server process and of the whole process tree the script started, right after start and once V8
 * had time to shrink the start's garbage (it does after ~30 s of idling). The SPA build is skipped
 * (PARLEY_SKIP_CLIENT_BUILD=1): it is the same in both and not what is measured. npm's own process
 * (~60 MB) comes on top of both trees.
 */
export const runtimeBench: BenchSuite = {
  name: SUITE,
  async run(): Promise<BenchRow[]> {
    const work = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-runtime-'));
    try {
      const logFile = path.join(work, 'server.log');
      const tsxData = path.join(work, 'tsx-data');
      const compiledData = path.join(work, 'compiled-data');

      const tsxFirst = await measureStart(TSX_START_SCRIPT, tsxData, logFile, { TSX_DISABLE_CACHE: '1' });
      const tsxWarm = await measureStart(TSX_START_SCRIPT, tsxData, logFile);
      // The bundle's build is made older than any source, so the first start rebuilds it as after a pull.
      if (existsSync(serverEntry(SERVER_BUILD_DIR))) utimesSync(serverEntry(SERVER_BUILD_DIR), 0, 0);
      const compiledFirst = await measureStart(npmStartScript(), compiledData, logFile);
      const compiledWarm = await measureStart(npmStartScript(), compiledData, logFile);

      const startNote = 'SPA build skipped (PARLEY_SKIP_CLIENT_BUILD=1)';
      return [
        compare(`start-up to a healthy /api/health, first start (empty DATA_DIR; tsx without its cache, compiled incl. the server build; ${startNote})`, tsxFirst.startMs, compiledFirst.startMs, seconds),
        compare(`start-up to a healthy /api/health, warm start (same DATA_DIR, build current; ${startNote})`, tsxWarm.startMs, compiledWarm.startMs, seconds, 'no slower than tsx'),
        compare(`server process RSS ${JUST_STARTED_MS / 1000} s after the first start`, tsxFirst.server.rss, compiledFirst.server.rss, megabytes, IDLE_RSS_TARGET),
        compare(`server process RSS after ${SETTLED_MS / 1000} s idle (first start)`, tsxFirst.settledRss, compiledFirst.settledRss, megabytes, IDLE_RSS_TARGET),
        compare(`server process RSS ${JUST_STARTED_MS / 1000} s after a warm start`, tsxWarm.server.rss, compiledWarm.server.rss, megabytes, IDLE_RSS_TARGET),
        compare(`server process RSS after ${SETTLED_MS / 1000} s idle (warm start)`, tsxWarm.settledRss, compiledWarm.settledRss, megabytes, IDLE_RSS_TARGET),
        compare('server process peak RSS (VmHWM) during the first start', tsxFirst.server.peak, compiledFirst.server.peak, megabytes),
        row(
          `process tree RSS ${JUST_STARTED_MS / 1000} s after the first start (npm itself not counted)`,
          `tsx ${megabytes(tsxFirst.treeRss)} in ${tsxFirst.processes} processes → compiled ${megabytes(compiledFirst.treeRss)} in ${compiledFirst.processes}`,
          'the server alone',
        ),
      ];
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  },
};
