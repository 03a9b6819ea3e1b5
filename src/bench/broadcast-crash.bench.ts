import { randomInt, randomUUID } from 'node:crypto';
import type { Client } from 'pg';
import type { BroadcastAnalytics } from '@shared/api/broadcasts';
import { audit, connect, sendingIds, waitUntilSettled, type Audit } from './broadcast-audit';
import { ParleyApi, SandboxControl } from './broadcast-clients';
import { broadcastParameters, createTag, seedContacts, setPace, setUpOrganization, type BenchOrg } from './broadcast-setup';
import { measureOnBroadcastStack, type BroadcastStack } from './broadcast-stack';
import { count as n, rowMaker, verdict } from './broadcast-report';
import type { BenchRow, BenchSuite } from './run';

const SUITE = 'broadcast-crash';
const env = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
/** Runs, and SIGKILLs of the server per run (BENCH_CRASH_RUNS, BENCH_CRASH_KILLS). */
const RUNS = env('BENCH_CRASH_RUNS', 3);
const KILLS = env('BENCH_CRASH_KILLS', 3);
/** 10,000 recipients at 250 msg/s: about 40 s of sending, restarts aside. */
const RECIPIENTS = env('BENCH_CRASH_RECIPIENTS', 10_000);
const PACE = env('BENCH_CRASH_PACE', 250);
/** The goal for what one kill may leave unknown: what the pace sends in this long. */
const UNKNOWN_PER_KILL_MS = 150;
/**
 * A short grace period, so the bench sees every unknown recipient offered Send again ("Not confirmed by
 * WhatsApp") after it: 15 s instead of 15 minutes.
 */
const GRACE_MINUTES = 0.25;
/** A kill comes at a random moment this long after the server (re)started sending. */
const KILL_AFTER_MS = { min: 1_000, max: 8_000 };
/** A marketing template with a text header: the dispatcher sends text parameters only. */
const TEMPLATE = 'welcome_message';
const SANDBOX_ENV = { SANDBOX_MPS: '1000', SANDBOX_STATUS_BATCH_MS: '200', SANDBOX_READ_RATE: '0', SANDBOX_REPLY_RATE: '0' };
/**
 * Parley's settings: a lease of 15 s instead of 60, so interrupted sends are reconciled sooner and a run
 * takes about a minute (still far longer than a claimed send waits for its slot). BENCH_CRASH_PARLEY_ENV
 * (JSON) adds or overrides settings.
 */
const PARLEY_ENV: Record<string, string> = {
  BROADCAST_LEASE_SECONDS: '15',
  BROADCAST_UNKNOWN_GRACE_MINUTES: String(GRACE_MINUTES),
  ...(JSON.parse(process.env.BENCH_CRASH_PARLEY_ENV ?? '{}') as Record<string, string>),
};

const row = rowMaker(SUITE);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Kill {
  /** Seconds since the broadcast was created. */
  at: number;
  /**
   * Recipients `sending` in the database once the server was dead (claimed, answer not stored), not
   * counting those an earlier kill left `sending` whose lease has not run out yet.
   */
  inFlight: number;
  /** Of those, how many ended unknown (the rest were settled from status callbacks or stored answers). */
  unknown: number;
  /** Seconds the server took to come back. */
  restartSeconds: number;
}

interface CrashRun {
  kills: Kill[];
  audit: Audit;
  seconds: number;
  /** Callbacks the sandbox could not deliver and webhook events Parley did not process, when the audit ran. */
  leftovers: { sandboxPending: number; unprocessedEvents: number };
  /** Unknown recipients the broadcast's analytics offered to Send again once the grace period had passed. */
  offeredAgain: number;
}

/** Of these recipients, how many are unknown (ambiguous) now. */
async function unknownAmong(db: Client, ids: readonly string[]): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`select count(*)::int as n from broadcast_recipients where id = any($1::uuid[]) and state = 'ambiguous'`, [ids]);
  return Number(rows[0]?.n ?? 0);
}

/** Waits out the grace period since the last unknown recipient's send, then asks the analytics how many are offered Send again. */
async function offeredAgain(api: ParleyApi, db: Client, broadcastId: string): Promise<number> {
  const { rows } = await db.query<{ last: Date | null }>(
    `select max(coalesce(slot_at, updated_at)) as last from broadcast_recipients where broadcast_id = $1 and state = 'ambiguous'`,
    [broadcastId],
  );
  const last = rows[0]?.last;
  if (last) await sleep(Math.max(0, new Date(last).getTime() + GRACE_MINUTES * 60_000 + 1_000 - Date.now()));
  const analytics = await api.request<BroadcastAnalytics>('GET', `/api/broadcast/${broadcastId}/analytics`);
  return analytics.unconfirmedCount;
}

/** One broadcast, the server SIGKILLed `KILLS` times while it goes out and restarted each time, then settled and audited. */
async function crashRun(stack: BroadcastStack, api: ParleyApi, sandbox: SandboxControl, db: Client, org: BenchOrg, tagId: string): Promise<CrashRun> {
  await sandbox.resetSends();
  const { created } = await api.createBroadcast(
    { templateId: org.templateId, parameters: broadcastParameters(org.parameterCount), tagIds: [tagId] },
    randomUUID(),
  );
  const started = Date.now();
  const kills: Kill[] = [];
  const killedIds: string[][] = [];
  const interruptedIds = new Set<string>();
  for (let k = 0; k < KILLS; k += 1) {
    await sleep(KILL_AFTER_MS.min + randomInt(KILL_AFTER_MS.max - KILL_AFTER_MS.min));
    const broadcast = await api.broadcast(created.id);
    if (broadcast.pendingCount === 0) break;
    await stack.parley.kill();
    // The server is gone: nothing changes these rows until it is back, so this is exactly what was in flight.
    const at = (Date.now() - started) / 1000;
    const interrupted = (await sendingIds(db, created.id)).filter((id) => !interruptedIds.has(id));
    for (const id of interrupted) interruptedIds.add(id);
    const restarting = Date.now();
    await stack.parley.start();
    killedIds.push(interrupted);
    kills.push({ at, inFlight: interrupted.length, unknown: 0, restartSeconds: (Date.now() - restarting) / 1000 });
    process.stderr.write(`  kill ${k + 1} at ${at.toFixed(1)} s: ${interrupted.length} in flight; back in ${kills[k].restartSeconds.toFixed(1)} s\n`);
  }
  const settled = await waitUntilSettled(api, sandbox, db, created.id, {
    timeoutMs: 600_000,
    report: (b) => process.stderr.write(`  ${n(b.sentCount)} sent, ${n(b.failedCount)} failed, ${n(b.unknownCount)} unknown, ${n(b.pendingCount)} pending\n`),
  });
  for (const [k, ids] of killedIds.entries()) kills[k].unknown = await unknownAmong(db, ids);
  return {
    kills,
    audit: await audit(db, created.id, await sandbox.counts()),
    seconds: (Date.now() - started) / 1000,
    leftovers: { sandboxPending: settled.sandboxPending, unprocessedEvents: settled.unprocessedEvents },
    offeredAgain: await offeredAgain(api, db, created.id),
  };
}

/** What the pace sends in UNKNOWN_PER_KILL_MS: 38 at 250 msg/s. */
const unknownPerKillGoal = () => Math.round((PACE * UNKNOWN_PER_KILL_MS) / 1000);

const lostBesidesUnknown = (a: Audit) => a.lost - (a.unknown - a.unknownAccepted);

function runRows(i: number, run: CrashRun): BenchRow[] {
  const { audit: a, kills } = run;
  const inFlightTotal = kills.reduce((sum, k) => sum + k.inFlight, 0);
  const label = `run ${i + 1}`;
  return [
    row(
      `${label}: kills (s after create: in flight)`,
      kills.length ? kills.map((k) => `${k.at.toFixed(1)} s: ${k.inFlight}`).join(', ') : 'none (the broadcast ended first)',
    ),
    row(`${label}: recipients by state after settling (${run.seconds.toFixed(0)} s)`, Object.entries(a.states).map(([s, c]) => `${s} ${n(c)}`).join(', ')),
    row(`${label}: sent twice (sandbox count > 1)`, n(a.duplicates), `0 (${verdict(a.duplicates === 0)})`),
    row(`${label}: never attempted (pending, sending or cancelled)`, n(a.neverAttempted), `0 (${verdict(a.neverAttempted === 0)})`),
    // Unknown ones the sandbox never accepted are honest unknowns, counted against the in-flight ones below.
    row(`${label}: lost (neither accepted by the sandbox nor shown failed or unknown)`, n(lostBesidesUnknown(a)), `0 (${verdict(lostBesidesUnknown(a) === 0)})`),
    row(
      `${label}: unknown vs in flight at the kills`,
      `${n(a.unknown)} unknown (${n(a.unknownAccepted)} of them accepted by the sandbox) of ${n(inFlightTotal)} in flight`,
      `≤ in flight (${verdict(a.unknown <= inFlightTotal)})`,
    ),
    row(
      `${label}: unknown per kill`,
      kills.length ? kills.map((k) => n(k.unknown)).join(', ') : 'no kill',
      `≤ ${n(unknownPerKillGoal())} each (${verdict(kills.every((k) => k.unknown <= unknownPerKillGoal()))})`,
    ),
    row(
      `${label}: unknown offered Send again after the grace period (${GRACE_MINUTES * 60} s)`,
      `${n(run.offeredAgain)} of ${n(a.unknown)}`,
      `all (${verdict(run.offeredAgain === a.unknown)})`,
    ),
    row(`${label}: shown sent but never accepted by the sandbox`, n(a.sentNotAccepted), `0 (${verdict(a.sentNotAccepted === 0)})`),
    row(
      `${label}: callbacks left when audited`,
      `${n(run.leftovers.sandboxPending)} undelivered by the sandbox, ${n(run.leftovers.unprocessedEvents)} webhook events unprocessed by Parley`,
      `0 (${verdict(run.leftovers.sandboxPending + run.leftovers.unprocessedEvents === 0)})`,
    ),
  ];
}

async function measure(stack: BroadcastStack): Promise<BenchRow[]> {
  const api = new ParleyApi(stack.parley.origin);
  const sandbox = new SandboxControl(stack.sandbox.origin);
  const db = await connect(stack.databaseUrl);
  try {
    const org = await setUpOrganization(api, TEMPLATE);
    const tagId = await createTag(api, 'Crash test', '#d32f2f');
    await seedContacts(stack.databaseUrl, org.organizationId, RECIPIENTS, { allTagId: tagId });
    await setPace(api, sandbox, PACE);
    const settings = Object.entries(PARLEY_ENV).map(([key, value]) => `${key}=${value}`).join(' ');
    const runCount = `${RUNS} run${RUNS === 1 ? '' : 's'}`;
    const rows = [row('setup', `${n(RECIPIENTS)} recipients at ${PACE} msg/s, ${KILLS} SIGKILLs per run at random moments, ${runCount}; Parley ${settings}`)];
    const runs: CrashRun[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      process.stderr.write(`  ${SUITE}: run ${i + 1} of ${RUNS}...\n`);
      const run = await crashRun(stack, api, sandbox, db, org, tagId);
      runs.push(run);
      rows.push(...runRows(i, run));
    }
    const sum = (pick: (run: CrashRun) => number) => runs.reduce((total, run) => total + pick(run), 0);
    const kills = sum((r) => r.kills.length);
    const inFlightTotal = sum((r) => r.kills.reduce((s, k) => s + k.inFlight, 0));
    const duplicates = sum((r) => r.audit.duplicates);
    const neverAttempted = sum((r) => r.audit.neverAttempted);
    const lost = sum((r) => lostBesidesUnknown(r.audit));
    const unknown = sum((r) => r.audit.unknown);
    const overInFlight = runs.filter((r) => r.audit.unknown > r.kills.reduce((s, k) => s + k.inFlight, 0)).length;
    const perKill = runs.flatMap((r) => r.kills.map((k) => k.unknown));
    const notOffered = sum((r) => r.audit.unknown - r.offeredAgain);
    rows.push(
      row('all runs: kills, recipients in flight at them', `${kills} kills, ${n(inFlightTotal)} in flight`),
      row('all runs: sent twice', n(duplicates), `0 (${verdict(duplicates === 0)})`),
      row('all runs: never attempted', n(neverAttempted), `0 (${verdict(neverAttempted === 0)})`),
      row('all runs: lost besides the unknown', n(lost), `0 (${verdict(lost === 0)})`),
      row('all runs: unknown', `${n(unknown)} (the other ${n(inFlightTotal - unknown)} in flight were queued again unsent, or settled from status callbacks or stored answers)`, `≤ in flight in every run (${verdict(overInFlight === 0)})`),
      row(
        'all runs: unknown per kill (mean, max)',
        perKill.length ? `${(perKill.reduce((a, b) => a + b, 0) / perKill.length).toFixed(1)}, ${Math.max(...perKill)}` : 'no kill',
        `≤ ${unknownPerKillGoal()} (${verdict(perKill.every((u) => u <= unknownPerKillGoal()))})`,
      ),
      row('all runs: unknown left without Send again after the grace period', n(notOffered), `0 (${verdict(notOffered === 0)})`),
    );
    return rows;
  } finally {
    await db.end();
  }
}

/**
 * The at-most-once promise under crashes: a broadcast against the sandbox in its own process (its
 * per-recipient counts survive), Parley SIGKILLed at random moments mid-dispatch and restarted on the
 * same database, then, once settled, the sandbox's counts compared with the database: no recipient
 * sent twice, none never attempted, and no more unknown than were in flight at the kills.
 */
export const broadcastCrashBench: BenchSuite = {
  name: SUITE,
  run: () => measureOnBroadcastStack({ sandboxEnv: SANDBOX_ENV, parleyEnv: PARLEY_ENV }, (reason) => row('PostgreSQL', `skipped: ${reason}`), measure),
};
