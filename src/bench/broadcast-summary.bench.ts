import os from 'node:os';
import { randomUUID } from 'node:crypto';
import { openDatabase, type DatabaseHandle } from '../server/db/database';
import { recipientFigures } from '../server/modules/broadcasts/broadcast-recount-fixtures';
import type { BroadcastAnalytics } from '@shared/api/broadcasts';
import { connect, waitUntilSettled } from './broadcast-audit';
import { ParleyApi, SandboxControl } from './broadcast-clients';
import { count as n, rowMaker, verdict } from './broadcast-report';
import { BENCH_ACCOUNT, broadcastParameters, createTag, seedContacts, setPace, setUpOrganization, type BenchAccount, type BenchOrg } from './broadcast-setup';
import { measureOnBroadcastStack, type BroadcastStack } from './broadcast-stack';
import { idleBusy } from './machine-busy';
import type { BenchRow, BenchSuite } from './run';

const SUITE = 'broadcast-summary';
/** The big broadcast's audience; BENCH_SUMMARY_CONTACTS makes a quicker, smaller run. */
const CONTACTS = Number(process.env.BENCH_SUMMARY_CONTACTS ?? 100_000);
const SMALL = 1_000;
const PACE = 1_000;
/** A template with quick replies, so customers press buttons as well as read and reply. */
const TEMPLATE = 'order_confirmation';
/** Requests per endpoint and broadcast, after WARM_UP each; all interleaved, one at a time. */
const ROUNDS = Number(process.env.BENCH_SUMMARY_ROUNDS ?? 300);
const WARM_UP = 30;
const RATIO_TARGET = 1.5;
/** Customers who read most messages and answer or press a button on some, as a campaign's audience does. */
const SANDBOX_ENV = { SANDBOX_MPS: String(PACE), SANDBOX_STATUS_BATCH_MS: '200', SANDBOX_READ_RATE: '0.6', SANDBOX_REPLY_RATE: '0.15' };

const row = rowMaker(SUITE);
const ms = (value: number) => `${value.toFixed(2)} ms`;

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** One broadcast a figure was read for: its label, id, and its organization (the only broadcast there) with a member's session. */
interface Target {
  label: string;
  id: string;
  organizationId: string;
  api: ParleyApi;
}

const ENDPOINTS = [
  { name: 'GET /api/broadcast/{id}', path: (id: string) => `/api/broadcast/${id}` },
  { name: 'GET /api/broadcast/{id}/analytics', path: (id: string) => `/api/broadcast/${id}/analytics` },
] as const;

/** Each broadcast's organization's Broadcasts list, which shows that broadcast alone. */
const LIST = { name: 'GET /api/broadcast?page=1', path: () => '/api/broadcast?page=1' } as const;
const READS = [...ENDPOINTS, LIST] as const;

/** Every read for every broadcast, ROUNDS times each, interleaved in a random order (one request at a time): latencies in ms. */
async function latencies(targets: readonly Target[]): Promise<Map<string, number[]>> {
  const plan = targets.flatMap((target) => READS.map((read) => ({ key: `${read.name}|${target.label}`, api: target.api, path: read.path(target.id) })));
  for (let i = 0; i < WARM_UP; i += 1) for (const step of plan) await step.api.request('GET', step.path);
  const timings = new Map(plan.map((step) => [step.key, [] as number[]]));
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = [...plan].sort(() => Math.random() - 0.5);
    for (const step of order) {
      const started = performance.now();
      await step.api.request('GET', step.path);
      timings.get(step.key)?.push(performance.now() - started);
    }
  }
  return timings;
}

/** How long the full recount over every recipient (what analytics ran before the summary) takes: p50 of a few runs. */
async function recountMs(database: DatabaseHandle, organizationId: string, broadcastId: string): Promise<number> {
  const runs: number[] = [];
  for (let i = 0; i < 7; i += 1) {
    const started = performance.now();
    await recipientFigures(database.db, organizationId, broadcastId);
    runs.push(performance.now() - started);
  }
  return percentile(runs, 50);
}

/** Whether the analytics the API answers (from the summary) equal the full recount, figure by figure. */
async function matchesRecount(database: DatabaseHandle, { api, organizationId, id }: Target): Promise<string> {
  const a = await api.request<BroadcastAnalytics>('GET', `/api/broadcast/${id}/analytics`);
  const f = await recipientFigures(database.db, organizationId, id);
  const pairs: Array<[string, number, number]> = [
    ['total', a.totalCount, f.total], ['sent', a.totalMessagesSent, f.sent], ['failed', a.messagesFailed, f.failed],
    ['delivered', a.messagesDelivered, f.delivered], ['read', a.messagesRead, f.read], ['replied', a.replyCount, f.replied],
    ['clickers', a.uniqueContactsClicked, f.clicked], ['pending', a.pendingCount, f.pending], ['unknown', a.unknownCount, f.unknown],
    ['avg response min', a.avgResponseTimeMinutes, f.avgResponseTimeMinutes], ['engagement %', a.engagementRate, f.engagementRate],
  ];
  const differing = pairs.filter(([, kept, recounted]) => kept !== recounted);
  const shown = `sent ${n(a.totalMessagesSent)}, delivered ${n(a.messagesDelivered)}, read ${n(a.messagesRead)}, replied ${n(a.replyCount)}, `
    + `${n(a.totalButtonClicks)} clicks by ${n(a.uniqueContactsClicked)}`;
  return differing.length === 0
    ? `equal (${shown})`
    : `DIFFER: ${differing.map(([name, kept, recounted]) => `${name} ${kept} vs ${recounted}`).join(', ')}`;
}

async function sendAndSettle(api: ParleyApi, sandbox: SandboxControl, stack: BroadcastStack, org: BenchOrg, tagId: string, label: string): Promise<string> {
  const { created } = await api.createBroadcast(
    { templateId: org.templateId, parameters: broadcastParameters(org.parameterCount), tagIds: [tagId] },
    randomUUID(),
  );
  const db = await connect(stack.databaseUrl);
  try {
    await waitUntilSettled(api, sandbox, db, created.id, {
      // Generous: on a shared machine the pace falls well below PACE, and only the reads are measured here.
      timeoutMs: Math.max(600_000, (created.totalCount / PACE) * 15_000),
      report: (b) => process.stderr.write(`  ${label}: ${n(b.sentCount)} sent, ${n(b.readCount)} read, ${n(b.pendingCount)} pending\n`),
    });
  } finally {
    await db.end();
  }
  return created.id;
}

/** The sandbox business of the small broadcast's organization (the big one's is BENCH_ACCOUNT). */
const SMALL_ACCOUNT: BenchAccount = {
  accessToken: 'EAAGbenchSummarySmallOrgToken2026',
  phoneNumberId: '109876543210988',
  businessAccountId: '209876543210988',
  webhookVerifyToken: 'bench-verify-token-small',
};

/**
 * An organization of its own with `contacts` contacts in one tag, and its one broadcast to that tag sent
 * and settled: the broadcast's target.
 */
async function sendInNewOrganization(stack: BroadcastStack, sandbox: SandboxControl, contacts: number, account: BenchAccount): Promise<Target> {
  const api = new ParleyApi(stack.parley.origin);
  const org = await setUpOrganization(api, TEMPLATE, account);
  await setPace(api, sandbox, PACE, account);
  const tag = await createTag(api, 'Everyone', '#1976d2');
  await seedContacts(stack.databaseUrl, org.organizationId, contacts, { allTagId: tag });
  const label = `${n(contacts)} recipients`;
  process.stderr.write(`  ${SUITE}: ${label} at ${PACE}/s...\n`);
  return { label, id: await sendAndSettle(api, sandbox, stack, org, tag, label), organizationId: org.organizationId, api };
}

async function measure(stack: BroadcastStack): Promise<BenchRow[]> {
  const sandbox = new SandboxControl(stack.sandbox.origin);
  const small = await sendInNewOrganization(stack, sandbox, SMALL, SMALL_ACCOUNT);
  const big = await sendInNewOrganization(stack, sandbox, CONTACTS, BENCH_ACCOUNT);

  const busy = await idleBusy(2_000);
  const rows = [row('machine busy before measuring (other processes)', busy === null ? 'unknown' : `${Math.round(busy * 100)}% of ${os.cpus().length} CPUs`)];
  const timings = await latencies([small, big]);
  for (const read of READS) {
    const [few, many] = [small, big].map((target) => timings.get(`${read.name}|${target.label}`) ?? []);
    for (const [target, values] of [[small, few], [big, many]] as const) {
      rows.push(row(`${read.name}, ${target.label}`, `p50 ${ms(percentile(values, 50))} / p99 ${ms(percentile(values, 99))} (${values.length} requests)`));
    }
    const ratio = percentile(many, 50) / percentile(few, 50);
    rows.push(row(`${read.name}: p50 at ${n(CONTACTS)} ÷ p50 at ${n(SMALL)}`, `×${ratio.toFixed(2)}`, `≤ ×${RATIO_TARGET} (${verdict(ratio <= RATIO_TARGET)})`));
  }

  const database = await openDatabase({ kind: 'postgres', url: stack.databaseUrl, poolSize: 2 });
  try {
    for (const target of [small, big]) {
      rows.push(row(`full recount over every recipient (before the summary), ${target.label}`, `p50 ${ms(await recountMs(database, target.organizationId, target.id))}`));
    }
    for (const target of [small, big]) {
      rows.push(row(`analytics from the summary vs the full recount, ${target.label}`, await matchesRecount(database, target)));
    }
  } finally {
    await database.close();
  }
  rows.push(row('sandbox', `separate process; ${Object.entries(SANDBOX_ENV).map(([k, v]) => `${k}=${v}`).join(' ')}`));
  return rows;
}

/**
 * What reading a broadcast costs as its audience grows: two broadcasts really sent through the
 * processes (PostgreSQL, Parley's `npm start` entry, the sandbox as Meta, whose customers read, reply and
 * press buttons), one to 1,000 contacts and one to 100,000; then `GET /api/broadcast/{id}` and its
 * analytics read for each, interleaved, one at a time: p50/p99 and the ratio of the p50s, the full
 * recount's time for comparison, and whether the summary equals that recount. Each broadcast is its
 * organization's only one, so the Broadcasts list (`GET /api/broadcast?page=1`) is read beside them the
 * same way, each organization's own.
 */
export const broadcastSummaryBench: BenchSuite = {
  name: SUITE,
  run: () => measureOnBroadcastStack({ sandboxEnv: SANDBOX_ENV }, (reason) => row('PostgreSQL', `skipped: ${reason}`), measure),
};
