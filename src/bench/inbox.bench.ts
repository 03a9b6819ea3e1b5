import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AssignmentCounts, ConversationPage, MessagePollResponse, StatusCounts } from '@shared/api/conversations';
import { CONVERSATION_LIST_REFRESH_MS, CONVERSATION_PAGE_SIZE, MESSAGE_POLL_MS } from '@shared/constants';
import { buildApp } from '../server/app';
import { benchConfig } from './bench-config';
import { openDatabase, type Database } from '../server/db/database';
import { rowsOf } from '../server/db/rows-of';
import { createOrganization } from '../server/modules/organizations/organizations-service';
import { measureOnBenchPostgres } from './contacts-postgres';
import { seedInbox, type BenchOrganization, type InboxShape, type SeededConversation } from './inbox-bench-data';
import { saturate, simulateAgents, type AgentsKind, type Saturated } from './inbox-load';
import { idleBusy } from './machine-busy';
import type { BenchRow, BenchSuite } from './run';

const SUITE = 'inbox-postgres';
/** The measured organization: 10,000 conversations, 1,000,000 messages, 20 members. */
const MAIN: InboxShape = { members: 20, conversations: 10_000, messagesPerConversation: 100 };
/** Other organizations in the same tables, so every read must scope to its own. */
const OTHERS: InboxShape[] = [
  { members: 5, conversations: 2_000, messagesPerConversation: 20 },
  { members: 5, conversations: 2_000, messagesPerConversation: 20 },
];
/** Closed-loop connections for the single-endpoint loads, and the saturated poll against the bare route. */
const CONNECTIONS = 10;
const WARM_UP_SECONDS = 3;
const SECONDS = 10;
const AGENTS = 1_000;
const AGENTS_WARM_UP_MS = 3_000;
const AGENTS_MS = 15_000;
const DEEP_PAGE = 50;
/** Polled conversations for the single-endpoint poll load: spread over the whole list. */
const POLLED = 1_000;
const P99_TARGET_MS = 50;
const RATIO_TARGET = 0.25;

const LIST = '/api/conversations?page=1';
const DEEP_LIST = `/api/conversations?page=${DEEP_PAGE}`;
const STATUS_COUNTS = '/api/conversations/status/counts';
const ASSIGNMENT_COUNTS = '/api/conversations/assignment/counts';
const VERIFY = '/api/auth/verify';
const pollPath = (conversation: SeededConversation) => `/api/conversations/${conversation.id}/messages/poll?cursor=${conversation.lastSeq}`;

function row(metric: string, value: string, target?: string): BenchRow {
  return { suite: SUITE, metric, value, target };
}

const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
const perSecond = (value: number) => `${Math.round(value).toLocaleString('en')} req/s`;

const busyText = (share: number | null) => (share === null ? '' : `, machine ${Math.round(share * 100)}% busy`);

function describeSaturated(result: Saturated): string {
  return `p50 ${ms(result.p50)} / p99 ${ms(result.p99)}, ${perSecond(result.perSecond)}, ${result.cpuMsPerRequest.toFixed(2)} ms CPU/req in the process`
    + busyText(result.machineBusy) + (result.failed ? `, ${result.failed} failed` : '');
}

function describeAgents(kind: AgentsKind | undefined): string {
  if (!kind) return 'no requests';
  return `p50 ${ms(kind.p50)} / p99 ${ms(kind.p99)} (max ${ms(kind.max)}), ${kind.perSecond.toFixed(1)} req/s` + (kind.failed ? `, ${kind.failed} failed` : '');
}

const meets = (p99: number) => (p99 < P99_TARGET_MS ? 'met' : 'MISSED');

async function roleIdsOf(db: Database, organizationId: string): Promise<Record<string, string>> {
  const rows = rowsOf<{ id: string; name: string }>(await db.execute(sql`select id, name from roles where organization_id = ${organizationId}::uuid`));
  return Object.fromEntries(rows.map((r) => [r.name, r.id]));
}

/** A bare Fastify app answering `GET /empty` with `{}`: the ceiling of an HTTP round trip on this machine. */
async function startBareFastify(): Promise<{ app: FastifyInstance; origin: string }> {
  const app = Fastify({ logger: false });
  app.get('/empty', async () => ({}));
  await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, origin: originOf(app) };
}

function originOf(app: FastifyInstance): string {
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

/** Every read answers 200 for the measured organization only: its own totals, and nothing new to poll. */
async function checkAnswers(app: FastifyInstance, cookie: string, polled: SeededConversation[]): Promise<void> {
  const get = async <T>(url: string): Promise<T> => {
    const answer = await app.inject({ method: 'GET', url, headers: { cookie } });
    if (answer.statusCode !== 200) throw new Error(`GET ${url} answered ${answer.statusCode}: ${answer.body}`);
    return answer.json<T>();
  };
  const page = await get<ConversationPage>(DEEP_LIST);
  const status = await get<StatusCounts>(STATUS_COUNTS);
  const assignment = await get<AssignmentCounts>(ASSIGNMENT_COUNTS);
  if (page.pagination.total !== MAIN.conversations || page.data.length === 0 || status.all !== MAIN.conversations || assignment.all !== MAIN.conversations) {
    throw new Error(`the lists count other organizations' conversations: ${JSON.stringify({ total: page.pagination.total, status, assignment })}`);
  }
  const poll = await get<MessagePollResponse>(pollPath(polled[0]));
  if (poll.messages.length !== 0 || poll.cursor !== polled[0].lastSeq) throw new Error(`a poll at the current cursor answered ${JSON.stringify(poll).slice(0, 200)}`);
}

async function measure(url: string): Promise<BenchRow[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-inbox-'));
  // The pool the server has by default (DATABASE_URL without a size).
  const handle = await openDatabase({ kind: 'postgres', url });
  const config = benchConfig(dataDir);
  const app = await buildApp(config, { database: handle, logger: false });
  const bare = await startBareFastify();
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const origin = originOf(app);
    const signup = await app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'Bench Admin', email: `inbox-${process.pid}-${Date.now()}@example.com`, password: 'Bench12345', organizationName: 'Bench Inbox' },
    });
    if (signup.statusCode >= 300) throw new Error(`signup answered ${signup.statusCode}: ${signup.body}`);
    const cookie = signup.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const { user } = signup.json<{ user: { userId: string; organization: { organizationId: string } } }>();
    const { organizationId } = user.organization;

    const seeding = performance.now();
    const main: BenchOrganization = { organizationId, tag: 1, roleIds: await roleIdsOf(handle.db, organizationId), founderUserId: user.userId };
    const conversations = await seedInbox(handle.db, main, MAIN);
    for (const [i, shape] of OTHERS.entries()) {
      const other = await createOrganization(handle.db, `Bench Other ${i + 1}`);
      await seedInbox(handle.db, { organizationId: other.organizationId, tag: i + 2, roleIds: other.roleIds, founderUserId: null }, shape);
    }
    // What autovacuum would have done by the time such tables are read: statistics and the visibility map.
    await handle.db.execute(sql`vacuum analyze`);
    const seededIn = (performance.now() - seeding) / 1000;
    const [counted] = rowsOf<{ all: number; main: number }>(await handle.db.execute(sql`
      select count(*)::int as all, (count(*) filter (where organization_id = ${organizationId}::uuid))::int as main from messages`));

    // Conversations spread over the whole list (every tenth by activity), not only the newest.
    const stride = Math.max(1, Math.floor(conversations.length / POLLED));
    const polled = Array.from({ length: Math.min(POLLED, conversations.length) }, (_, i) => conversations[i * stride]);
    await checkAnswers(app, cookie, polled);

    const others = OTHERS.map((o) => o.conversations.toLocaleString('en')).join(' + ');
    const rows = [
      row(
        'seeded (SQL generate_series, then VACUUM ANALYZE)',
        `${MAIN.conversations.toLocaleString('en')} contacts and conversations, ${counted.main.toLocaleString('en')} messages, ${MAIN.members} members; `
          + `other orgs ${others} conversations (${counted.all.toLocaleString('en')} messages in all); in ${seededIn.toFixed(1)} s`,
      ),
    ];
    // On a shared machine other processes take CPU too: what they took while this bench did nothing.
    const before = await idleBusy(2_000);
    rows.push(row('machine busy before the loads (server idle: other processes)', before === null ? 'unknown (no /proc/stat)' : `${Math.round(before * 100)}% of ${os.cpus().length} CPUs`));
    const loadOptions = { connections: CONNECTIONS, warmUpSeconds: WARM_UP_SECONDS, seconds: SECONDS };
    const alone: Array<[string, string[]]> = [
      [`GET ${LIST}`, [LIST]],
      [`GET ${DEEP_LIST} (offset ${(DEEP_PAGE - 1) * CONVERSATION_PAGE_SIZE})`, [DEEP_LIST]],
      [`GET ${STATUS_COUNTS}`, [STATUS_COUNTS]],
      [`GET ${ASSIGNMENT_COUNTS}`, [ASSIGNMENT_COUNTS]],
    ];
    for (const [name, paths] of alone) {
      rows.push(row(`${name}, ${CONNECTIONS} connections`, describeSaturated(await saturate(origin, cookie, paths, loadOptions))));
    }
    process.stderr.write('  inbox: saturated poll and bare route...\n');
    const poll = await saturate(origin, cookie, polled.map(pollPath), loadOptions);
    // Every API request's fixed cost (the stack's hooks and the session lookup), without the poll's query.
    const verify = await saturate(origin, cookie, [VERIFY], loadOptions);
    const empty = await saturate(bare.origin, cookie, ['/empty'], loadOptions);
    rows.push(row(`GET …/messages/poll?cursor=<current> over ${polled.length.toLocaleString('en')} conversations, ${CONNECTIONS} connections (saturated)`, describeSaturated(poll)));
    rows.push(row(`GET ${VERIFY} (session lookup only, the floor of every API request), ${CONNECTIONS} connections (saturated)`, describeSaturated(verify)));
    rows.push(row(`bare Fastify GET /empty → {}, same process, ${CONNECTIONS} connections (saturated)`, describeSaturated(empty)));
    const ratio = poll.perSecond / empty.perSecond;
    rows.push(row('saturated poll / bare empty route, req/s', `${(ratio * 100).toFixed(1)}%`, `≥ ${RATIO_TARGET * 100}% (${ratio >= RATIO_TARGET ? 'met' : 'MISSED'})`));
    rows.push(row('saturated session lookup only / bare empty route, req/s', `${((verify.perSecond / empty.perSecond) * 100).toFixed(1)}%`));

    process.stderr.write(`  inbox: ${AGENTS} agents...\n`);
    const agents = await simulateAgents({
      port: Number(new URL(origin).port),
      cookie,
      open: polled.slice(0, AGENTS).map((c) => ({ conversationId: c.id, cursor: c.lastSeq })),
      pollMs: MESSAGE_POLL_MS,
      refresh: [
        { name: 'list', path: LIST },
        { name: 'status counts', path: STATUS_COUNTS },
        { name: 'assignment counts', path: ASSIGNMENT_COUNTS },
      ],
      refreshMs: CONVERSATION_LIST_REFRESH_MS,
      warmUpMs: AGENTS_WARM_UP_MS,
      durationMs: AGENTS_MS,
    });
    const offered = (AGENTS * 1000) / MESSAGE_POLL_MS;
    const agentsLabel = `${AGENTS.toLocaleString('en')} agents (own paced loop, node:http, keep-alive per agent)`;
    const polls = agents.kinds.poll;
    rows.push(row(
      `${agentsLabel}: empty poll every ${MESSAGE_POLL_MS / 1000} s after the answer (${offered} req/s offered)`,
      `${describeAgents(polls)}, achieved ${(((polls?.perSecond ?? 0) / offered) * 100).toFixed(1)}% of offered`
        + busyText(agents.machineBusy) + (agents.pollsWithMessages ? `, ${agents.pollsWithMessages} polls answered messages` : ''),
      `p99 < ${P99_TARGET_MS} ms (${meets(polls?.p99 ?? Infinity)})`,
    ));
    for (const [name, url] of [['list', LIST], ['status counts', STATUS_COUNTS], ['assignment counts', ASSIGNMENT_COUNTS]]) {
      const kind = agents.kinds[name];
      rows.push(row(
        `${agentsLabel}: their list pane's refresh every ${CONVERSATION_LIST_REFRESH_MS / 1000} s, GET ${url}`,
        describeAgents(kind),
        `p99 < ${P99_TARGET_MS} ms (${meets(kind?.p99 ?? Infinity)})`,
      ));
    }
    return rows;
  } finally {
    await bare.app.close();
    await app.close();
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The team inbox's reads on PostgreSQL 15 with 10,000 conversations and 1,000,000 messages in the
 * organization (and two other organizations in the same tables), through the real HTTP server with a
 * signed-in admin's session: the list (first and a deep page), its counts, and the open chat's poll with
 * nothing new, each alone under 10 closed-loop connections; the poll's saturated throughput beside a
 * bare Fastify route's; and 1,000 agents, each polling its own conversation every 2 s and refreshing its
 * list pane every 30 s, as the client does.
 */
export const inboxBench: BenchSuite = {
  name: SUITE,
  run: () => measureOnBenchPostgres((reason) => row('PostgreSQL', reason), measure),
};
