/** @jest-environment node */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { count, eq, inArray, sql } from 'drizzle-orm';
import { DEMO_BUSINESS } from '@sandbox/fixtures';
import { inboundPayload } from '@sandbox/payloads';
import type { Sandbox } from '@sandbox/sandbox';
import { buildSandboxApp } from '@sandbox/sandbox-plugin';
import type { Broadcast } from '@shared/api/broadcasts';
import type { Conversation, ConversationPage, MessagePage } from '@shared/api/conversations';
import type { LiveNudge } from '@shared/api/live';
import type { TagPage } from '@shared/api/tags';
import type { Template } from '@shared/api/templates';
import { loadConfig, type AppConfig } from './config';
import { rowsOf } from './db/rows-of';
import { mediaFiles, pendingStatuses, webhookEvents } from './db/schema';
import { readNudgeStream } from './testing/nudge-reader';
import { postSignedWebhook, startServerProcess, stopServerProcesses, type ServerProcess } from './testing/server-processes';
import { createTestPostgresDatabase } from './testing/test-database';
import { TEST_PASSWORD, uniqueEmail } from './testing/test-app';
import { newEncryptionKey } from './lib/token-cipher';
import { DEMO_CONFIG, sandboxNumber, TEST_APP_SECRET } from './testing/whatsapp-test-kit';

/**
 * Two Parley server processes on one PostgreSQL database, as a deployment behind a load balancer runs
 * them: each with its own connection pool, HTTP port and background workers (webhook inbox, media
 * fetcher, broadcast dispatcher), sharing the database, DATA_DIR and the secrets. Driven over HTTP.
 * (Two server instances in this test process: nothing in the server keeps state in module scope.)
 */

type Server = ServerProcess;

interface Reply<T> {
  status: number;
  body: T;
  cookies: string[];
}

let a: Server;
let b: Server;
let sandbox: Sandbox;
let closeSandbox: () => Promise<void>;
let dropDatabase: () => Promise<void>;
let dataDir: string;
let cookie: string;
let organizationId: string;
/** Requests for media bytes the sandbox served, by media id. */
const mediaDownloads = new Map<string, number>();

async function call<T>(
  server: Server,
  method: string,
  url: string,
  options: { body?: unknown; cookie?: string; headers?: Record<string, string> } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${server.origin}${url}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  const isJson = response.headers.get('content-type')?.startsWith('application/json');
  return { status: response.status, body: (isJson && text ? JSON.parse(text) : text) as T, cookies: response.headers.getSetCookie() };
}

function sessionCookie(reply: Reply<unknown>): string {
  const found = reply.cookies.map((c) => c.split(';')[0]).find((c) => c.split('=')[0].endsWith('parley_session'));
  if (!found) throw new Error(`no session cookie (${reply.status})`);
  return found;
}

const postWebhook = postSignedWebhook;

/** Both processes' inboxes, until neither has anything due. */
async function drainInboxes(): Promise<void> {
  await Promise.all([a.app.webhookInbox.drain(), b.app.webhookInbox.drain()]);
}

async function conversationWith(server: Server, phoneNumber: string): Promise<Conversation> {
  const page = await call<ConversationPage>(server, 'GET', '/api/conversations?limit=100', { cookie });
  const found = page.body.data.find((conversation) => `${conversation.contact.countryCode}${conversation.contact.phoneNumber}` === phoneNumber);
  if (!found) throw new Error(`no conversation with ${phoneNumber}`);
  return found;
}

beforeAll(async () => {
  const database = await createTestPostgresDatabase(process.env.DATABASE_URL ?? '');
  dropDatabase = database.drop;
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'parley-two-processes-'));
  const servers: Server[] = [];
  const built = await buildSandboxApp({
    appSecret: TEST_APP_SECRET,
    statusDelaysMs: { sent: 0, delivered: 0, read: 0 },
    failureRate: 0,
    readRate: 0,
    replyRate: 0,
    webhookRetryDelaysMs: [],
    // Meta may deliver a webhook to any process behind the load balancer, and deliver it again: every
    // webhook here reaches both.
    webhookTransport: async (body) => {
      if (servers.length < 2) return 503;
      const answers = await Promise.all(servers.map((server) => postWebhook(server, body)));
      return answers[0].status;
    },
  });
  sandbox = built.sandbox;
  built.app.addHook('onRequest', async (request) => {
    const media = /\/_media\/([^/?]+)/.exec(request.url)?.[1];
    if (!media) return;
    mediaDownloads.set(media, (mediaDownloads.get(media) ?? 0) + 1);
    // Slow enough that the other process's fetcher looks for work while this download is under way.
    await new Promise((resolve) => setTimeout(resolve, 30));
  });
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  closeSandbox = () => built.app.close();
  const address = built.app.server.address();
  // What every process of a deployment shares: the database, DATA_DIR (media files live there) and the secrets.
  const config: AppConfig = {
    ...loadConfig({ PUBLIC_URL: 'http://localhost:3000', SEED_DEMO: '0' }),
    clientDir: '/nonexistent',
    dataDir,
    whatsappApiUrl: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v23.0`,
    builtInSandbox: false,
    whatsappAppSecret: TEST_APP_SECRET,
    encryptionKey: newEncryptionKey(),
    graphRetryDelaysMs: [0, 0],
  };
  a = await startServerProcess(config, database.url);
  b = await startServerProcess(config, database.url);
  servers.push(a, b);

  const signup = await call<{ user: { organization: { organizationId: string } } }>(a, 'POST', '/api/auth/signup', {
    body: { name: 'Ada Admin', email: uniqueEmail('two-processes'), password: TEST_PASSWORD, organizationName: 'Two Process Trading' },
  });
  expect(signup.status).toBe(201);
  cookie = sessionCookie(signup);
  organizationId = signup.body.user.organization.organizationId;
  expect((await call(b, 'PUT', '/api/settings/whatsapp', { cookie, body: DEMO_CONFIG })).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await stopServerProcesses([a, b]);
  await closeSandbox?.();
  await dropDatabase?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Nudges from a member's live stream on `server` (GET /api/events), as they arrive. */
async function openLiveStream(server: Server): Promise<{ nudges: LiveNudge[]; close: () => void }> {
  const controller = new AbortController();
  const response = await fetch(`${server.origin}/api/events`, { headers: { cookie }, signal: controller.signal });
  expect(response.status).toBe(200);
  const nudges: LiveNudge[] = [];
  void readNudgeStream(response.body!, (nudge) => nudges.push(nudge));
  return { nudges, close: () => controller.abort() };
}

describe('two server processes on one PostgreSQL', () => {
  it("a member's live stream on one process hears of a message the other process stored", async () => {
    const stream = await openLiveStream(b);
    try {
      const body = JSON.stringify(inboundPayload(
        DEMO_BUSINESS.businessAccountId,
        sandboxNumber(),
        { waId: '971507770099', name: 'Hessa Al Ketbi' },
        { id: 'wamid.two-processes-live', type: 'text', text: { body: 'Do you deliver to Al Ain?' } },
        Date.now(),
      ));
      expect((await postWebhook(a, body)).status).toBe(200);
      // Either process's workers may apply it (they share the table).
      await drainInboxes();
      const conversation = await conversationWith(a, '+971507770099');
      // The conversation is new (a `conversation` nudge), then holds the message (a `message` nudge).
      const heard = () => stream.nudges.some((n) => n.conversationId === conversation.id && n.kind === 'message');
      for (let waited = 0; !heard(); waited += 20) {
        if (waited > 5_000) throw new Error('process B never heard of the message process A stored');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      stream.close();
    }
  });

  it('share sessions: one signed in on either works on both, and signing out on one ends it on both', async () => {
    expect((await call<{ user: { organization: { organizationId: string } } }>(b, 'GET', '/api/auth/verify', { cookie })).body.user.organization.organizationId)
      .toBe(organizationId);

    const me = await call<{ user: { email: string } }>(a, 'GET', '/api/auth/verify', { cookie });
    const login = await call(b, 'POST', '/api/auth/login', { body: { email: me.body.user.email, password: TEST_PASSWORD } });
    expect(login.status).toBe(200);
    const second = sessionCookie(login);
    expect((await call(a, 'GET', '/api/auth/verify', { cookie: second })).status).toBe(200);
    expect((await call(a, 'POST', '/api/auth/logout', { cookie: second, body: {} })).status).toBeLessThan(300);
    expect((await call(b, 'GET', '/api/auth/verify', { cookie: second })).status).toBe(401);
    expect((await call(b, 'GET', '/api/auth/verify', { cookie })).status).toBe(200);
  });

  it('apply a webhook delivered to both once: one message, unread count 1', async () => {
    const body = JSON.stringify(inboundPayload(
      DEMO_BUSINESS.businessAccountId,
      sandboxNumber(),
      { waId: '971507770001', name: 'Mariam Al Mansoori' },
      { id: 'wamid.two-processes-1', type: 'text', text: { body: 'Is the amber oud back in stock?' } },
      Date.now(),
    ));
    const answers = await Promise.all([postWebhook(a, body), postWebhook(b, body), postWebhook(a, body), postWebhook(b, body)]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);
    await drainInboxes();

    const conversation = await conversationWith(b, '+971507770001');
    expect(conversation.unreadCount).toBe(1);
    const thread = await call<MessagePage>(a, 'GET', `/api/conversations/${conversation.id}/messages`, { cookie });
    expect(thread.body.data.map((message) => message.content)).toEqual(['Is the amber oud back in stock?']);
  });

  it('show a change made through one process through the other at once', async () => {
    const conversation = await conversationWith(a, '+971507770001');
    expect((await call(b, 'PATCH', `/api/conversations/${conversation.id}/read`, { cookie })).status).toBe(200);
    expect((await conversationWith(a, '+971507770001')).unreadCount).toBe(0);

    const tag = await call<{ id: string }>(a, 'POST', '/api/tags', { cookie, body: { name: 'Oud lovers', color: '#7b1fa2' } });
    expect(tag.status).toBe(201);
    const tags = await call<TagPage>(b, 'GET', '/api/tags', { cookie });
    expect(tags.body.data.map((t) => t.id)).toContain(tag.body.id);
  });

  it('download each inbound file once, whichever process fetches it, and serve it from both', async () => {
    const customers = Array.from({ length: 8 }, (_, i) => `97150778${String(1000 + i)}`);
    for (const from of customers) sandbox.inbound({ phoneNumberId: DEMO_BUSINESS.phoneNumberId, from, type: 'image', text: 'This one?' });
    await sandbox.settle();
    await drainInboxes();
    // Both fetchers look for due files at once (one was told by its inbox already).
    await Promise.all([a.app.mediaFetcher.drain(), b.app.mediaFetcher.drain()]);

    const files = await a.database.db.select().from(mediaFiles).where(eq(mediaFiles.organizationId, organizationId));
    expect(files).toHaveLength(customers.length);
    expect(files.every((file) => file.storageKey !== null)).toBe(true);
    expect(files.map((file) => mediaDownloads.get(file.metaMediaId ?? ''))).toEqual(files.map(() => 1));

    const conversation = await conversationWith(a, `+${customers[0]}`);
    const [message] = (await call<MessagePage>(a, 'GET', `/api/conversations/${conversation.id}/messages`, { cookie })).body.data;
    for (const server of [a, b]) {
      const file = await fetch(`${server.origin}${message.mediaUrl}`, { headers: { cookie } });
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).subarray(1, 4).toString()).toBe('PNG');
    }
  });

  it("send a broadcast's message to each recipient once, with both dispatchers at work", async () => {
    expect((await call(a, 'POST', '/api/templates/sync', { cookie, body: {} })).status).toBe(200);
    const templates = await call<{ data: Template[] }>(b, 'GET', '/api/templates/local?status=APPROVED&limit=100', { cookie });
    const template = templates.body.data.find((t) => t.name === 'order_confirmation');
    const numbers = Array.from({ length: 30 }, (_, i) => `05231${String(20_001 + i)}`);
    const contactIds: string[] = [];
    for (const [i, phoneNumber] of numbers.entries()) {
      const created = await call<{ id: string }>(i % 2 ? a : b, 'POST', '/api/contacts', { cookie, body: { name: `Guest ${String.fromCharCode(65 + (i % 26))}${'ab'[Math.floor(i / 26)]}`, countryCode: '+971', phoneNumber } });
      expect(created.status).toBe(201);
      contactIds.push(created.body.id);
    }
    const created = await call<{ id: string }>(a, 'POST', '/api/broadcast', {
      cookie,
      headers: { 'idempotency-key': randomUUID() },
      body: { templateId: template?.id, parameters: ['Layla', 'A-1001', 'Monday'], contactIds },
    });
    expect(created.status).toBe(201);
    b.app.broadcastDispatch.kick();
    await Promise.all([a.app.broadcastDispatch.drain(), b.app.broadcastDispatch.drain()]);
    await sandbox.settle();
    await drainInboxes();

    expect(numbers.map((n) => sandbox.world.sends.countFor(`971${n.slice(1)}`))).toEqual(numbers.map(() => 1));
    const broadcast = await call<Broadcast>(b, 'GET', `/api/broadcast/${created.body.id}`, { cookie });
    expect(broadcast.body).toMatchObject({ sentCount: 30, pendingCount: 0, unknownCount: 0, status: 'completed' });
  });

  it('never run the embedded database maintenance (PostgreSQL vacuums itself)', async () => {
    a.app.maintenance.afterBulkWrite();
    await Promise.all([a.app.maintenance.vacuumNow(), b.app.maintenance.vacuumNow()]);
    const [{ vacuumed }] = rowsOf<{ vacuumed: number }>(await a.database.db.execute(
      sql`select count(*)::int as vacuumed from pg_stat_user_tables where last_vacuum is not null or last_analyze is not null`,
    ));
    expect(vacuumed).toBe(0);
  });

  it('share the webhook housekeeping: run side by side, they delete each expired row once between them and keep the recent ones', async () => {
    const db = a.database.db;
    const old = sql`now() - interval '31 days'`;
    const expired = await db
      .insert(webhookEvents)
      .values(Array.from({ length: 5 }, (_, i) => ({ payload: { old: i }, processedAt: old, receivedAt: old })))
      .returning({ id: webhookEvents.id });
    const [kept] = await db.insert(webhookEvents).values({ payload: { recent: true }, processedAt: new Date() }).returning({ id: webhookEvents.id });
    await db.insert(pendingStatuses).values([
      ...['wamid.gone-1', 'wamid.gone-2', 'wamid.gone-3'].map((wamid) => ({
        organizationId, wamid, status: 'delivered', occurredAt: new Date(), receivedAt: sql`now() - interval '8 days'`,
      })),
      { organizationId, wamid: 'wamid.still-coming', status: 'sent', occurredAt: new Date() },
    ]);

    const done = await Promise.all([a.app.webhookInbox.housekeep(), b.app.webhookInbox.housekeep()]);
    expect(done.reduce((sum, d) => sum + d.deletedEvents, 0)).toBe(5);
    expect(done.reduce((sum, d) => sum + d.forgottenStatuses, 0)).toBe(3);
    const [{ left }] = await db.select({ left: count() }).from(webhookEvents).where(inArray(webhookEvents.id, [...expired.map((e) => e.id), kept.id]));
    expect(Number(left)).toBe(1);
    const parked = await db.select({ wamid: pendingStatuses.wamid }).from(pendingStatuses).where(eq(pendingStatuses.organizationId, organizationId));
    expect(parked.map((p) => p.wamid)).toEqual(['wamid.still-coming']);
  });
});
