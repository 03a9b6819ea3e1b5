import { createHmac } from 'node:crypto';
import { createRequire } from 'node:module';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { DEMO_BUSINESS } from '@sandbox/fixtures';
import { inboundPayload, statusPayload, type StatusEvent } from '@sandbox/payloads';
import { buildSandboxApp } from '@sandbox/sandbox-plugin';
import { buildApp } from '../server/app';
import { benchConfig } from './bench-config';
import { GRAPH_API_VERSION } from '../server/config';
import { openDatabase, type DatabaseHandle } from '../server/db/database';
import { conversations, messages, pendingStatuses, webhookEvents } from '../server/db/schema';
import { findOrCreateConversation } from '../server/modules/conversations/conversations-repository';
import { ensureContactForCustomer } from '../server/modules/contacts/contact-intake-service';
import { newEncryptionKey } from '../server/lib/token-cipher';
import { startBenchPostgres } from './contacts-postgres';
import type { BenchRow, BenchSuite } from './run';

/** The minimal slice of autocannon's API this suite uses (the package ships no types). */
interface AutocannonRequest {
  body?: string;
  headers?: Record<string, string>;
}
interface AutocannonResult {
  latency: { p50: number; p99: number; max: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  requests: { total: number };
  duration: number;
}
type Autocannon = (
  options: {
    url: string; connections: number; amount: number; method: string; timeout: number; overallRate?: number;
    requests: Array<{ setupRequest: (request: AutocannonRequest) => AutocannonRequest }>;
  },
) => Promise<AutocannonResult>;

const INBOUND = 10_000;
const INBOUND_PER_POST = 50;
const STATUSES = 30_000;
const STATUSES_PER_POST = 100;
const CUSTOMERS = 1_000;
const CONNECTIONS = 16;
/** The steady phase: Meta's own pace rather than a burst, at a fixed rate so ack latency compares across runs. */
const STEADY_RATE = 100;
const STEADY_POSTS = 1_000;
const STEADY_STATUSES_PER_POST = 10;
const SECRET = 'bench-app-secret';
const PNID = DEMO_BUSINESS.phoneNumberId;
const WABA = DEMO_BUSINESS.businessAccountId;

const number = { id: PNID, displayPhoneNumber: DEMO_BUSINESS.displayPhoneNumber, verifiedName: 'Bench', lastInbound: new Map<string, number>() };
const customerWaId = (i: number) => `9715${String(10_000_000 + (i % CUSTOMERS)).padStart(8, '0')}`;

/** Processing on PostgreSQL must keep up with the embedded database, and with this rate. */
const TARGET_EVENTS_PER_SECOND = 4_000;

interface Measurement {
  rows: BenchRow[];
  eventsPerSecond: number;
}

/**
 * Webhook ingestion under a burst: 10,000 inbound messages (50 per POST) and 30,000 statuses (sent,
 * delivered and read for 10,000 outbound messages, 100 per POST, shuffled) posted over 16 concurrent
 * connections to the real HTTP server, on the embedded database and on PostgreSQL (DATABASE_URL or a
 * throwaway cluster) with the production pool. Reports the ack rate and latency, then the inbox's
 * processing rate, and checks that every event was stored exactly once.
 */
export const webhookIngestBench: BenchSuite = {
  name: 'webhook-ingest',
  async run(): Promise<BenchRow[]> {
    const embedded = await measureOn('embedded (PGlite)', () => openDatabase({ kind: 'pglite' }));
    const postgres = await startBenchPostgres();
    if ('skipped' in postgres) return [...embedded.rows, row('PostgreSQL', `skipped: ${postgres.skipped}`)];
    try {
      const server = await measureOn('PostgreSQL 15', () => openDatabase({ kind: 'postgres', url: postgres.url }));
      const ratio = server.eventsPerSecond / embedded.eventsPerSecond;
      return [
        ...embedded.rows,
        ...server.rows,
        row(
          'processing: PostgreSQL vs embedded',
          `${server.eventsPerSecond} vs ${embedded.eventsPerSecond} events/s (${ratio.toFixed(2)}×)`,
          `≥ 1× and ≥ ${TARGET_EVENTS_PER_SECOND} events/s`,
        ),
      ];
    } finally {
      await postgres.stop();
    }
  },
};

async function measureOn(engine: string, open: () => Promise<DatabaseHandle>): Promise<Measurement> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-bench-webhook-'));
  const graph = await startSandbox();
  const database = await open();
  const config = {
    ...benchConfig(dataDir),
    whatsappApiUrl: graph.url,
    builtInSandbox: false,
    whatsappAppSecret: SECRET,
    encryptionKey: newEncryptionKey(),
  };
  const app = await buildApp(config, { database, logger: false });
  try {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api/webhooks/whatsapp`;
    const organizationId = await configureOrganization(app);
    const wamids = await seedOutboundMessages(database.db, organizationId);
    const bodies = [...inboundBodies(), ...statusBodies(wamids)];

    const started = performance.now();
    const burst = await post(url, bodies, { connections: CONNECTIONS });
    const ackSeconds = (performance.now() - started) / 1000;
    await app.webhookInbox.drain();
    const processedSeconds = (performance.now() - started) / 1000;

    // Meta's retries re-send what was already applied: the steady phase replays statuses, a no-op to apply.
    const steadyBodies = statusBodies(wamids, STEADY_STATUSES_PER_POST).slice(0, STEADY_POSTS);
    const steady = await post(url, steadyBodies, { connections: CONNECTIONS, overallRate: STEADY_RATE });
    await app.webhookInbox.drain();
    const check = await verify(database.db, organizationId);
    const events = INBOUND + STATUSES;
    const eventsPerSecond = Math.round(events / processedSeconds);
    const metric = (name: string) => `${engine}: ${name}`;
    return {
      eventsPerSecond,
      rows: [
        row(metric('events posted'), `${events} in ${bodies.length} POSTs, ${CONNECTIONS} connections`),
        row(metric('ack throughput'), `${Math.round(events / ackSeconds)} events/s (${Math.round(bodies.length / ackSeconds)} POST/s)`, '—'),
        row(metric('burst ack latency p50 / p99 / max'), `${burst.latency.p50} / ${burst.latency.p99} / ${burst.latency.max} ms`),
        row(metric('burst non-2xx / errors / timeouts'), `${burst.non2xx} / ${burst.errors} / ${burst.timeouts}`, '0 / 0 / 0'),
        row(
          metric(`steady ${STEADY_RATE} POST/s ack p50 / p99 / max`),
          `${steady.latency.p50} / ${steady.latency.p99} / ${steady.latency.max} ms (${steady.non2xx + steady.errors} failed)`,
          'p99 < 200 ms',
        ),
        row(
          metric('processed (stored → applied)'),
          `${eventsPerSecond} events/s, all done after ${processedSeconds.toFixed(1)} s`,
          engine.startsWith('PostgreSQL') ? `≥ ${TARGET_EVENTS_PER_SECOND} events/s` : undefined,
        ),
        row(metric('inbound stored exactly once'), `${check.inbound} / ${INBOUND}`, `${INBOUND}`),
        row(metric('outbound messages read'), `${check.read} / ${STATUSES / 3}`, `${STATUSES / 3}`),
        row(metric('events unprocessed / dead / parked statuses'), `${check.unprocessed} / ${check.dead} / ${check.parked}`, '0 / 0 / 0'),
      ],
    };
  } finally {
    await app.close();
    await database.close();
    await graph.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The Graph API stand-in the bench organization's settings are checked against (its webhooks go nowhere). */
async function startSandbox(): Promise<{ url: string; close: () => Promise<void> }> {
  const { app } = await buildSandboxApp({ appSecret: SECRET, customersWriteFirst: false, webhookTransport: async () => 200 });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/${GRAPH_API_VERSION}`, close: () => app.close() };
}

/** Posts every body once, signed, over `connections` connections (at `overallRate` POST/s when given). */
function post(url: string, bodies: string[], options: { connections: number; overallRate?: number }): Promise<AutocannonResult> {
  let next = 0;
  const autocannon = createRequire(__filename)('autocannon') as Autocannon;
  return autocannon({
    url,
    method: 'POST',
    connections: options.connections,
    overallRate: options.overallRate,
    amount: bodies.length,
    timeout: 30,
    requests: [{
      setupRequest: (request) => {
        const body = bodies[next % bodies.length];
        next += 1;
        return { ...request, body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(body) } };
      },
    }],
  });
}

function row(metric: string, value: string, target?: string): BenchRow {
  return { suite: 'webhook-ingest', metric, value, target };
}

function sign(body: string): string {
  return `sha256=${createHmac('sha256', SECRET).update(body).digest('hex')}`;
}

async function configureOrganization(app: Awaited<ReturnType<typeof buildApp>>): Promise<string> {
  const signup = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { name: 'Bench Admin', email: `bench-${Date.now()}@example.com`, password: 'Bench12345', organizationName: 'Bench Org' },
  });
  const cookie = signup.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const saved = await app.inject({
    method: 'PUT',
    url: '/api/settings/whatsapp',
    headers: { cookie },
    payload: { accessToken: DEMO_BUSINESS.accessToken, phoneNumberId: PNID, businessAccountId: WABA, webhookVerifyToken: 'bench-verify-token' },
  });
  if (saved.statusCode !== 200) throw new Error(`could not configure the bench organization: ${saved.body}`);
  return (signup.json() as { user: { organization: { organizationId: string } } }).user.organization.organizationId;
}

/** 10,000 outbound messages with wamids, as sends would have left them (bulk, outside the measurement). */
async function seedOutboundMessages(db: Awaited<ReturnType<typeof openDatabase>>['db'], organizationId: string): Promise<string[]> {
  const perCustomer = STATUSES / 3 / CUSTOMERS;
  const wamids: string[] = [];
  for (let c = 0; c < CUSTOMERS; c += 1) {
    const contactId = await ensureContactForCustomer(db, organizationId, customerWaId(c), `Customer ${c}`);
    const conversation = await findOrCreateConversation(db, organizationId, contactId);
    const rows = Array.from({ length: perCustomer }, (_, i) => {
      const wamid = `wamid.bench-out-${c}-${i}`;
      wamids.push(wamid);
      return {
        organizationId, conversationId: conversation.id, contactId, seq: i + 1, changeSeq: i + 1, wamid,
        direction: 'outbound' as const, messageType: 'text' as const, content: 'Your order shipped', status: 'sending' as const,
      };
    });
    await db.insert(messages).values(rows);
    await db.update(conversations).set({ lastSeq: perCustomer }).where(eq(conversations.id, conversation.id));
  }
  return wamids;
}

function inboundBodies(): string[] {
  const bodies: string[] = [];
  for (let start = 0; start < INBOUND; start += INBOUND_PER_POST) {
    const payload = inboundPayload(WABA, number, { waId: customerWaId(start), name: 'Bench' }, { id: 'x', type: 'text', text: { body: 'x' } }, Date.now());
    const value = (payload.entry as Array<{ changes: Array<{ value: Record<string, unknown> }> }>)[0].changes[0].value;
    value.messages = Array.from({ length: INBOUND_PER_POST }, (_, k) => ({
      from: customerWaId(start + k),
      id: `wamid.bench-in-${start + k}`,
      timestamp: String(Math.floor(Date.now() / 1000)),
      type: 'text',
      text: { body: `Message ${start + k}: is the oud gift set in stock?` },
    }));
    bodies.push(JSON.stringify(payload));
  }
  return bodies;
}

function statusBodies(wamids: string[], perPost = STATUSES_PER_POST): string[] {
  const now = Date.now();
  const events: StatusEvent[] = wamids.flatMap((wamid, i) =>
    (['sent', 'delivered', 'read'] as const).map((status, rank) => ({ wamid, status, recipient: customerWaId(i), at: now + rank * 1000 })),
  );
  // A fixed shuffle: statuses arrive in any order, as Meta's do.
  let seed = 20_261_122;
  for (let i = events.length - 1; i > 0; i -= 1) {
    seed = (seed * 16_807) % 2_147_483_647;
    const j = seed % (i + 1);
    [events[i], events[j]] = [events[j], events[i]];
  }
  const bodies: string[] = [];
  for (let start = 0; start < events.length; start += perPost) {
    bodies.push(JSON.stringify(statusPayload(WABA, number, events.slice(start, start + perPost))));
  }
  return bodies;
}

async function verify(db: Awaited<ReturnType<typeof openDatabase>>['db'], organizationId: string) {
  const scalar = async (query: Promise<Array<{ n: number }>>) => Number((await query)[0].n);
  return {
    inbound: await scalar(
      db.select({ n: count() }).from(messages).where(and(eq(messages.organizationId, organizationId), eq(messages.direction, 'inbound'))),
    ),
    read: await scalar(db.select({ n: count() }).from(messages).where(and(eq(messages.direction, 'outbound'), eq(messages.status, 'read')))),
    unprocessed: await scalar(db.select({ n: count() }).from(webhookEvents).where(and(isNull(webhookEvents.processedAt), isNull(webhookEvents.deadAt)))),
    dead: await scalar(db.select({ n: count() }).from(webhookEvents).where(sql`${webhookEvents.deadAt} is not null`)),
    parked: await scalar(db.select({ n: count() }).from(pendingStatuses)),
  };
}
