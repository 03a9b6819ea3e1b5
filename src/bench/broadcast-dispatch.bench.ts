import os from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import { autocannonIn } from './autocannon-in-worker';
import { audit, connect, waitUntilSettled, type Audit } from './broadcast-audit';
import { ParleyApi, SandboxControl } from './broadcast-clients';
import { BENCH_ACCOUNT, broadcastParameters, createTag, seedContacts, setPace, setUpOrganization, type BenchOrg } from './broadcast-setup';
import { measureOnBroadcastStack, type BroadcastStack } from './broadcast-stack';
import { idleBusy, startBusyMeter } from './machine-busy';
import { count as n, rowMaker, verdict } from './broadcast-report';
import type { BenchRow, BenchSuite } from './run';

const SUITE = 'broadcast-dispatch';
/** The big tag; BENCH_BROADCAST_CONTACTS makes a quicker, smaller run. */
const CONTACTS = Number(process.env.BENCH_BROADCAST_CONTACTS ?? 100_000);
const FAST = 1_000;
const SLOW = 80;
/** At 80/s all 100,000 would take 21 minutes: the slow run sends a 60-second tag (a random sample of the contacts). */
const SLOW_SECONDS = 60;
/** A marketing template with a text header: the dispatcher sends text parameters only. */
const TEMPLATE = 'welcome_message';
/** One closed-loop connection: a user clicking around while the broadcast goes out, measured in a worker thread. */
const CONNECTIONS = 1;
const WINDOW_SECONDS = 8;
const CREATE_TARGET_MS = 2_000;
const RATE_TOLERANCE = 0.05;
/** The sandbox as Meta at 1,000 msg/s: statuses batched (Meta batches too), customers who neither read nor reply, so the load is the dispatch's own. */
const SANDBOX_ENV = { SANDBOX_MPS: String(FAST), SANDBOX_STATUS_BATCH_MS: '200', SANDBOX_READ_RATE: '0', SANDBOX_REPLY_RATE: '0' };

const row = rowMaker(SUITE);

const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
const percentOf = (share: number) => `${(share * 100).toFixed(1)}%`;
/** A path as the table names it: ids shown as {id}. */
const named = (path: string) => path.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '{id}');

interface Latency {
  p50: number;
  p99: number;
  perSecond: number;
  failed: number;
}

/** `path` alone over one connection for a window: p50/p99 and how many answered. */
async function latencyOf(stack: BroadcastStack, api: ParleyApi, path: string): Promise<Latency> {
  const result = await autocannonIn(stack.parley.origin, api.cookie, [path], CONNECTIONS, WINDOW_SECONDS);
  return { p50: result.latency.p50, p99: result.latency.p99, perSecond: result.requests.total / WINDOW_SECONDS, failed: result.non2xx + result.errors + result.timeouts };
}

/** Waits for the sandbox to accept the broadcast's first send; fails when the broadcast ends without one. */
async function firstSend(api: ParleyApi, sandbox: SandboxControl, broadcastId: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while ((await sandbox.sends()).total === 0) {
    const broadcast = await api.broadcast(broadcastId);
    if (Date.now() > deadline || broadcast.status === 'failed' || broadcast.status === 'paused') {
      throw new Error(`no send accepted: ${JSON.stringify(broadcast)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

interface DispatchRun {
  label: string;
  broadcastId: string;
  recipients: number;
  createMs: number;
  /** Accepted sends per second from the first to the last, as the sandbox counted them. */
  rate: number | null;
  seconds: number;
  refused: number;
  /** Accepted per second while the latency windows ran. */
  windowRate: number | null;
  latencies: Map<string, Latency>;
  machineBusy: number | null;
  /** PostgreSQL transactions committed per second from the broadcast's creation until it settled (every process's). */
  commitsPerSecond: number;
  audit: Audit;
}

/** Transactions committed in the bench's database so far. */
async function commits(db: Client): Promise<number> {
  const { rows } = await db.query<{ n: string }>('select xact_commit as n from pg_stat_database where datname = current_database()');
  return Number(rows[0]?.n ?? 0);
}

/** One broadcast at `pace`: created (timed), the API's latency measured while it goes out, then settled and audited. */
async function dispatch(
  stack: BroadcastStack,
  api: ParleyApi,
  sandbox: SandboxControl,
  db: Client,
  org: BenchOrg,
  { label, pace, tagId, paths }: { label: string; pace: number; tagId: string; paths: (broadcastId: string) => string[] },
): Promise<DispatchRun> {
  await sandbox.resetSends();
  await setPace(api, sandbox, pace);
  const committedBefore = await commits(db);
  const startedAt = Date.now();
  const { created, ms: createMs } = await api.createBroadcast(
    { templateId: org.templateId, parameters: broadcastParameters(org.parameterCount), tagIds: [tagId] },
    randomUUID(),
  );
  process.stderr.write(`  ${label}: broadcast of ${n(created.totalCount)} created in ${ms(createMs)}\n`);
  const busy = startBusyMeter();
  await firstSend(api, sandbox, created.id);
  // A few seconds in, so the windows see the steady dispatch rather than its start.
  await new Promise((resolve) => setTimeout(resolve, 3_000));
  const before = await sandbox.sends();
  const windowStart = Date.now();
  const latencies = new Map<string, Latency>();
  for (const path of paths(created.id)) latencies.set(path, await latencyOf(stack, api, path));
  const after = await sandbox.sends();
  const windowRate = ((after.total - before.total) * 1000) / (Date.now() - windowStart);
  const { broadcast: settled, unprocessedEvents } = await waitUntilSettled(api, sandbox, db, created.id, {
    timeoutMs: Math.max(300_000, (created.totalCount / pace) * 3_000),
    report: (b) => process.stderr.write(`  ${label}: ${n(b.sentCount)} sent, ${n(b.failedCount)} failed, ${n(b.pendingCount)} pending\n`),
  });
  const machineBusy = busy();
  // The statistics collector reports with a delay of up to a second (PostgreSQL 15 flushes at transaction end, or after 1 s idle).
  await new Promise((resolve) => setTimeout(resolve, 1_500));
  const commitsPerSecond = ((await commits(db)) - committedBefore) / ((Date.now() - 1_500 - startedAt) / 1000);
  const sends = await sandbox.sends();
  const number = sends.numbers[BENCH_ACCOUNT.phoneNumberId];
  const seconds = number?.firstAt && number.lastAt ? (number.lastAt - number.firstAt) / 1000 : 0;
  process.stderr.write(`  ${label}: settled (${settled.status}) after ${seconds.toFixed(1)} s of sends`
    + `${unprocessedEvents ? `; ${unprocessedEvents} webhook events still unprocessed` : ''}\n`);
  return {
    label,
    broadcastId: created.id,
    recipients: created.totalCount,
    createMs,
    rate: number?.perSecond ?? null,
    seconds,
    refused: sends.refused,
    windowRate: after.total > before.total ? windowRate : null,
    latencies,
    machineBusy,
    commitsPerSecond,
    audit: await audit(db, created.id, await sandbox.counts()),
  };
}

function runRows(run: DispatchRun, pace: number, baseline: Map<string, Latency>): BenchRow[] {
  const { audit: a } = run;
  const rateShare = run.rate === null ? null : run.rate / pace;
  const rows = [
    row(`${run.label}: POST /api/broadcast to the tag answered in`, `${ms(run.createMs)} (${n(run.recipients)} recipients)`, `< ${CREATE_TARGET_MS / 1000} s (${verdict(run.createMs < CREATE_TARGET_MS)})`),
    row(
      `${run.label}: achieved rate (sandbox, first to last accepted send)`,
      run.rate === null ? 'no sends' : `${run.rate.toFixed(1)} msg/s of ${pace} configured (${percentOf(rateShare ?? 0)}), ${n(a.recipients)} in ${run.seconds.toFixed(1)} s`,
      `within ${RATE_TOLERANCE * 100}% (${verdict(rateShare !== null && Math.abs(1 - rateShare) <= RATE_TOLERANCE)})`,
    ),
    row(`${run.label}: rate while the API was being measured`, run.windowRate === null ? 'dispatch ended before the window' : `${run.windowRate.toFixed(1)} msg/s`),
    row(`${run.label}: sends refused by the sandbox with 130429`, n(run.refused)),
    row(`${run.label}: duplicates (recipients accepted more than once)`, n(a.duplicates), `0 (${verdict(a.duplicates === 0)})`),
    row(`${run.label}: lost (total − accepted − failed)`, n(a.lost), `0 (${verdict(a.lost === 0)})`),
    row(`${run.label}: recipients by state`, Object.entries(a.states).map(([state, count]) => `${state} ${n(count)}`).join(', ')),
    row(`${run.label}: machine busy during the dispatch`, run.machineBusy === null ? 'unknown' : `${Math.round(run.machineBusy * 100)}% of ${os.cpus().length} CPUs`),
    row(`${run.label}: PostgreSQL commits per second (create to settled)`, run.commitsPerSecond.toFixed(0)),
  ];
  for (const [path, during] of run.latencies) {
    const idle = baseline.get(named(path));
    rows.push(row(
      `${run.label}: GET ${named(path)} during the dispatch, ${CONNECTIONS} connection`,
      `p50 ${ms(during.p50)} / p99 ${ms(during.p99)}, ${during.perSecond.toFixed(0)} req/s${during.failed ? `, ${during.failed} failed` : ''}`
        + (idle ? `; no dispatch p99 ${ms(idle.p99)} (×${(during.p99 / Math.max(idle.p99, 0.1)).toFixed(1)})` : ''),
    ));
  }
  return rows;
}

async function measure(stack: BroadcastStack): Promise<BenchRow[]> {
  const api = new ParleyApi(stack.parley.origin);
  const sandbox = new SandboxControl(stack.sandbox.origin);
  const db = await connect(stack.databaseUrl);
  try {
    const org = await setUpOrganization(api, TEMPLATE);
    const allTag = await createTag(api, 'Newsletter', '#1976d2');
    const sampleTag = await createTag(api, 'Eid shoppers', '#388e3c');
    const slowRecipients = Math.min(CONTACTS, SLOW * SLOW_SECONDS);
    const seeding = performance.now();
    await seedContacts(stack.databaseUrl, org.organizationId, CONTACTS, { allTagId: allTag, sampleTagId: sampleTag, sampleSize: slowRecipients });
    // On a shared machine other processes take CPU too: what they took while nothing here ran.
    const before = await idleBusy(2_000);
    const rows = [row('machine busy before the runs (nothing dispatching: other processes)', before === null ? 'unknown' : `${Math.round(before * 100)}% of ${os.cpus().length} CPUs`)];
    rows.push(row('seeded (one INSERT … unnest, random numbers of 7 countries)', `${n(CONTACTS)} contacts in one tag, ${n(slowRecipients)} of them also in a second, in ${((performance.now() - seeding) / 1000).toFixed(1)} s`));
    // The contacts list, the broadcasts list and the big broadcast's progress (what its screen polls).
    const paths = (bigBroadcastId: string) => ['/api/contacts?page=1', '/api/broadcast?page=1', `/api/broadcast/${bigBroadcastId}`];

    process.stderr.write(`  ${SUITE}: ${n(CONTACTS)} at ${FAST}/s...\n`);
    const fast = await dispatch(stack, api, sandbox, db, org, { label: `${n(CONTACTS)} at ${FAST}/s`, pace: FAST, tagId: allTag, paths });
    // The same requests with nothing dispatching (the big broadcast done, its rows in place).
    const baseline = new Map<string, Latency>();
    for (const path of paths(fast.broadcastId)) baseline.set(named(path), await latencyOf(stack, api, path));
    process.stderr.write(`  ${SUITE}: ${n(slowRecipients)} at ${SLOW}/s...\n`);
    const slow = await dispatch(stack, api, sandbox, db, org, {
      label: `${n(slowRecipients)} at ${SLOW}/s (${SLOW_SECONDS} s)`, pace: SLOW, tagId: sampleTag, paths: () => paths(fast.broadcastId),
    });
    rows.push(...runRows(fast, FAST, baseline), ...runRows(slow, SLOW, baseline));
    for (const [path, idle] of baseline) {
      rows.push(row(`GET ${path} with no dispatch (after the ${FAST}/s run), ${CONNECTIONS} connection`, `p50 ${ms(idle.p50)} / p99 ${ms(idle.p99)}, ${idle.perSecond.toFixed(0)} req/s`));
    }
    rows.push(row('sandbox', `separate process; ${Object.entries(SANDBOX_ENV).map(([k, v]) => `${k}=${v}`).join(' ')}`));
    return rows;
  } finally {
    await db.end();
  }
}

/**
 * Broadcast dispatch on PostgreSQL through the real processes (Parley's `npm start` entry, the sandbox
 * as Meta in its own process): how long creating a broadcast to a 100,000-contact tag takes, the rate
 * achieved at 1,000 and at 80 msg/s beside the configured one, duplicates and lost recipients from the
 * sandbox's per-recipient counts, and the API's latency for other requests during the dispatch beside
 * the same requests' latency with nothing dispatching.
 */
export const broadcastDispatchBench: BenchSuite = {
  name: SUITE,
  run: () => measureOnBroadcastStack({ sandboxEnv: SANDBOX_ENV }, (reason) => row('PostgreSQL', `skipped: ${reason}`), measure),
};
