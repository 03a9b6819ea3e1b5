import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CSV_MAX_BYTES } from '@shared/constants';
import { openDatabase } from '../server/db/database';
import { mediaDirOf } from '../server/modules/media';
import { LOADS, type AttackContext, type Load, type LoadReport, type LoadSizes } from './abuse-loads';
import { startProbe, type ProbeName, type ProbeSample } from './abuse-probe';
import { seedParties, signUpParties, type Parties, type SeededParties } from './abuse-setup';
import {
  describeSpread, lastBefore, maxIn, megabytes, ms, nowMs, sleep, sleepUntil, spreadOf, startSampler, StatusTally, within, type Sample, type Window,
} from './abuse-stats';
import { fileDescriptorLimit, trickleConnections } from './abuse-trickle';
import { folderBytes } from './abuse-uploads';
import { count, rowMaker, verdict } from './broadcast-report';
import { startBenchPostgres } from './contacts-postgres';
import { startBusyMeter } from './machine-busy';
import { processMemory } from './process-memory';
import type { BenchRow, BenchSuite } from './run';
import { BenchServer, startScript } from './server-process';

const SUITE = 'abuse';
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const MB = 1024 * 1024;

/** Each phase's length (the trickling one lasts at least the body deadline and a margin). */
const PHASE_MS = env('BENCH_ABUSE_SECONDS', 10) * 1000;
/**
 * The sizes, read when the suite runs (counting the descriptors the trickling phase may take spawns a
 * shell, which importing the suite list must not). The crafted files stay just under the import's
 * byte limit, so what refuses them is the per-record bound, not the size.
 */
function loadSizes(): LoadSizes {
  return {
    phaseMs: PHASE_MS,
    csvBytes: process.env.BENCH_ABUSE_CSV_MB ? Number(process.env.BENCH_ABUSE_CSV_MB) * MB : CSV_MAX_BYTES - 1024,
    csvParallel: 3,
    tricklers: trickleConnections(env('BENCH_ABUSE_TRICKLE', 1000)),
    trickleByteEveryMs: 2_000,
    uploadBytes: env('BENCH_ABUSE_UPLOAD_MB', 100) * MB,
    uploadParallel: env('BENCH_ABUSE_UPLOAD_PARALLEL', 10),
    pollers: env('BENCH_ABUSE_POLLERS', 200),
  };
}
const VICTIM = { members: 5, conversations: env('BENCH_ABUSE_CONVERSATIONS', 300), messagesPerConversation: 20 };
/** The attacker needs one conversation to poll and one contact to name. */
const ATTACKER = { members: 1, conversations: 3, messagesPerConversation: 10 };

const LIST_PATH = '/api/conversations?page=1';
const HEALTH_PATH = '/api/health';
/**
 * The victim's probe is one member: every 100 ms would be 600 list requests a minute, exactly the API's
 * per-member limit, so it asks a little less often and measures the attack, not its own limit.
 */
const PROBE_EVERY_MS = 120;
const PROBE_TIMEOUT_MS = 60_000;
/** Before the first phase: the server's first requests (cold caches, JIT) are not the idle baseline. */
const WARM_UP_MS = 3_000;
const RSS_EVERY_MS = 250;
const MEDIA_EVERY_MS = 500;

const RSS_TARGET_MB = 500;
const HEALTH_TARGET_MS = 500;
const LIST_P95_TARGET_MS = 50;

const row = rowMaker(SUITE);
/** The load whose media folder growth is reported (over its phase and the idle after it). */
const UPLOADS_LOAD = 'oversized uploads';

interface Engine {
  label: string;
  /** PostgreSQL; the embedded database (in DATA_DIR) when absent. */
  databaseUrl?: string;
}

interface Phase extends Window {
  label: string;
  /** The load run in it; none for an idle phase. */
  load: Load | null;
  report: LoadReport | null;
  machineBusy: number | null;
}

/** What the run recorded, read per phase afterwards. */
interface Recording {
  phases: Phase[];
  probe: ProbeSample[];
  rss: Sample[];
  media: Sample[];
  /** The server's RSS high-water mark (VmHWM) at the end of the run: peaks between samples count too. */
  rssPeak: number | null;
}

/**
 * Signs the two members up over HTTP, then stops the server to seed their inboxes in SQL (the embedded
 * database is the server process's alone while it runs) and starts it again on the same DATA_DIR.
 */
async function prepare(server: BenchServer, dataDir: string, engine: Engine): Promise<{ parties: Parties; seeded: SeededParties[] }> {
  await server.start();
  const parties = await signUpParties(server.origin, LOADS.length);
  await server.stop();
  // The embedded database's folder as app.ts names it (`${dataDir}/db`).
  const database = await openDatabase(engine.databaseUrl ? { kind: 'postgres', url: engine.databaseUrl } : { kind: 'pglite', dataDir: path.join(dataDir, 'db') });
  let seeded: SeededParties[];
  try {
    seeded = await seedParties(database.db, parties, VICTIM, ATTACKER);
  } finally {
    await database.close();
  }
  await server.start();
  return { parties, seeded };
}

async function idlePhase(label: string): Promise<Phase> {
  const busy = startBusyMeter();
  const start = nowMs();
  await sleep(PHASE_MS);
  return { label, load: null, report: null, start, end: nowMs(), machineBusy: busy() };
}

/** Runs one load for its phase; a load that fails is reported as failed and the phase still lasts its time. */
async function loadPhase(label: string, load: Load, context: AttackContext): Promise<Phase> {
  const busy = startBusyMeter();
  const start = nowMs();
  const until = start + load.ms(context.sizes);
  let report: LoadReport;
  try {
    report = await load.run(context, until);
  } catch (error) {
    process.stderr.write(`  abuse: ${load.name} failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    report = { answers: `failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`, details: [] };
  }
  await sleepUntil(until);
  return { label, load, report, start, end: nowMs(), machineBusy: busy() };
}

/** Each load is run by its own attacker (`contexts[i]` for `LOADS[i]`). */
async function runPhases(contexts: AttackContext[]): Promise<Phase[]> {
  const phases: Phase[] = [];
  const label = (name: string) => `${phases.length + 1}. ${name}`;
  for (const [i, load] of LOADS.entries()) {
    process.stderr.write(`  abuse: idle, then ${load.name}...\n`);
    phases.push(await idlePhase(label('idle')));
    phases.push(await loadPhase(label(load.name), load, contexts[i]));
  }
  phases.push(await idlePhase(label('idle')));
  return phases;
}

/** The victim's probe during the server's attack, with the RSS and media folder sampled throughout. */
async function attack(server: BenchServer, dataDir: string, parties: Parties, seeded: SeededParties[]): Promise<Recording> {
  const probe = startProbe({
    port: Number(new URL(server.origin).port), cookie: parties.victim.cookie, listPath: LIST_PATH, healthPath: HEALTH_PATH,
    everyMs: PROBE_EVERY_MS, timeoutMs: PROBE_TIMEOUT_MS,
  });
  const { pid } = server;
  const rss = startSampler(RSS_EVERY_MS, () => processMemory(pid)?.rss ?? null);
  const media = startSampler(MEDIA_EVERY_MS, () => mediaBytes(dataDir));
  try {
    await sleep(WARM_UP_MS);
    const sizes = loadSizes();
    const phases = await runPhases(parties.attackers.map((attacker, i) => ({ origin: server.origin, cookie: attacker.cookie, seeded: seeded[i], sizes })));
    return { phases, probe: probe.samples, rss: rss.samples, media: media.samples, rssPeak: processMemory(pid)?.peak ?? null };
  } finally {
    rss.stop();
    media.stop();
    await probe.stop();
  }
}

const mediaBytes = (dataDir: string) => folderBytes(mediaDirOf(dataDir));

const probeIn = (samples: ProbeSample[], name: ProbeName, window: Window) => samples.filter((s) => s.name === name && within(s.at, window));

/** Latencies of the 200 answers, and the others by status (0: no answer). */
function probeSpread(samples: ProbeSample[]): { spread: ReturnType<typeof spreadOf>; others: StatusTally } {
  const others = new StatusTally();
  for (const s of samples) if (s.status !== 200) others.add(s.status === 0 ? 'no answer' : s.status);
  return { spread: spreadOf(samples.filter((s) => s.status === 200).map((s) => s.ms)), others };
}

const busyText = (share: number | null) => (share === null ? '' : `; machine ${Math.round(share * 100)}% busy`);
const othersText = (others: StatusTally) => (others.total ? `; not 200: ${others.describe()}` : '');

function phaseRows(phase: Phase, recording: Recording): BenchRow[] {
  const list = probeSpread(probeIn(recording.probe, 'list', phase));
  const health = probeIn(recording.probe, 'health', phase);
  const healthSpread = probeSpread(health);
  const healthMax = Math.max(0, ...health.map((s) => s.ms));
  const rssMax = maxIn(recording.rss, phase);
  const listTarget = phase.load ? `p95 < ${LIST_P95_TARGET_MS} ms (${verdict(list.spread.p95 < LIST_P95_TARGET_MS && list.others.total === 0)})` : undefined;
  const rows = [
    row(`${phase.label}: victim GET ${LIST_PATH}`, `${describeSpread(list.spread)}${othersText(list.others)}${busyText(phase.machineBusy)}`, listTarget),
    row(`${phase.label}: GET ${HEALTH_PATH} max (new connection each)`, `${ms(healthMax)}, n=${health.length}${othersText(healthSpread.others)}`),
    row(`${phase.label}: server RSS max`, rssMax === null ? 'not sampled' : megabytes(rssMax)),
  ];
  if (phase.report) {
    rows.push(row(`${phase.label}: attacker's answers by status`, phase.report.answers));
    for (const detail of phase.report.details) rows.push(row(`${phase.label}: ${detail.metric}`, detail.value, detail.target));
  }
  return rows;
}

/** The media folder before the upload phase, at its most during it, at its end, and after the idle that follows. */
function mediaRow(phases: Phase[], media: Sample[]): BenchRow[] {
  const index = phases.findIndex((p) => p.load?.name === UPLOADS_LOAD);
  if (index < 0) return [];
  const uploads = phases[index];
  const after = phases[index + 1] ?? uploads;
  const before = lastBefore(media, uploads.start) ?? 0;
  const growth = (bytes: number | null) => (bytes === null ? 'not sampled' : `+${megabytes(Math.max(0, bytes - before))}`);
  const atEnd = lastBefore(media, after.end);
  return [row(
    `${uploads.label}: media folder (DATA_DIR/media) growth: most during the phase / at its end / after the next idle`,
    `${growth(maxIn(media, uploads))} / ${growth(lastBefore(media, uploads.end))} / ${growth(atEnd)} (from ${megabytes(before)})`,
    `near zero after (${verdict(atEnd !== null && atEnd - before < MB)})`,
  )];
}

function overallRows(recording: Recording): BenchRow[] {
  const { phases } = recording;
  const rssMax = Math.max(recording.rssPeak ?? 0, ...recording.rss.map((s) => s.value));
  const whole = { start: phases[0].start, end: phases[phases.length - 1].end };
  const health = probeIn(recording.probe, 'health', whole);
  const healthMax = Math.max(0, ...health.map((s) => s.ms));
  const rows = [
    row('overall: server RSS max (sampled every 250 ms, and VmHWM)', megabytes(rssMax), `< ${RSS_TARGET_MB} MB (${verdict(rssMax < RSS_TARGET_MB * MB)})`),
    row(`overall: GET ${HEALTH_PATH} max wait`, `${ms(healthMax)} over ${count(health.length)} requests`, `< ${HEALTH_TARGET_MS} ms (${verdict(healthMax < HEALTH_TARGET_MS)})`),
  ];
  for (const [i, phase] of phases.entries()) {
    if (!phase.load || i === 0) continue;
    const during = probeSpread(probeIn(recording.probe, 'list', phase)).spread.p95;
    const idle = probeSpread(probeIn(recording.probe, 'list', phases[i - 1])).spread.p95;
    rows.push(row(
      `overall: victim list p95 during ${phase.load.name} (beside the idle before it)`,
      `${ms(during)} (idle ${ms(idle)}, ×${idle > 0 ? (during / idle).toFixed(1) : '?'})`,
      `< ${LIST_P95_TARGET_MS} ms (${verdict(during < LIST_P95_TARGET_MS)})`,
    ));
  }
  return rows;
}

function report(recording: Recording): BenchRow[] {
  const rows = recording.phases.flatMap((phase) => [
    ...phaseRows(phase, recording),
    ...(phase.load?.name === UPLOADS_LOAD ? mediaRow(recording.phases, recording.media) : []),
  ]);
  return [...rows, ...overallRows(recording)];
}

function setupRow(engine: Engine, seeded: SeededParties[], seededInMs: number): BenchRow {
  const limit = fileDescriptorLimit();
  return row(
    'setup',
    `${engine.label}, compiled server (npm start); victim ${count(seeded[0].victimConversations)} conversations (${VICTIM.messagesPerConversation} messages each on average), `
      + `${seeded.length} attackers (one per load, each its own organization) with ${ATTACKER.conversations} each; all signed up over HTTP, then seeded in SQL (the server started twice) in ${(seededInMs / 1000).toFixed(1)} s; `
      + `probe every ${PROBE_EVERY_MS} ms (closed loop, in a worker); phases ${PHASE_MS / 1000} s; ulimit -n ${limit ?? 'unknown'}`,
  );
}

async function measure(engine: Engine): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-abuse-'));
  const server = new BenchServer({ script: startScript('compiled'), dataDir, databaseUrl: engine.databaseUrl, logFile: path.join(dataDir, 'server.log') });
  try {
    const started = nowMs();
    const { parties, seeded } = await prepare(server, dataDir, engine);
    const rows = [setupRow(engine, seeded, nowMs() - started)];
    rows.push(...report(await attack(server, dataDir, parties, seeded)));
    return rows;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * One real server (`npm start`, the embedded database; PostgreSQL with BENCH_ABUSE_POSTGRES=1) and two
 * organizations signed up over HTTP: an attacker runs four abusive loads (crafted CSV imports, trickled
 * request bodies, parallel oversized media uploads, a poll flood), each after an idle phase, while a probe
 * measures the victim's conversation list and the health check and the server's RSS is sampled.
 * Smaller runs: BENCH_ABUSE_SECONDS, BENCH_ABUSE_CSV_MB, BENCH_ABUSE_TRICKLE, BENCH_ABUSE_UPLOAD_MB,
 * BENCH_ABUSE_UPLOAD_PARALLEL, BENCH_ABUSE_POLLERS, BENCH_ABUSE_CONVERSATIONS.
 */
export const abuseBench: BenchSuite = {
  name: SUITE,
  async run(): Promise<BenchRow[]> {
    if (process.env.BENCH_ABUSE_POSTGRES !== '1') return measure({ label: 'embedded (PGlite)' });
    const postgres = await startBenchPostgres();
    if ('skipped' in postgres) return [row('PostgreSQL', `skipped: ${postgres.skipped}`)];
    try {
      return await measure({ label: 'PostgreSQL 15', databaseUrl: postgres.url });
    } finally {
      await postgres.stop();
    }
  },
};
