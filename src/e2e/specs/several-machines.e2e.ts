import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_BUSINESS } from '@sandbox/fixtures';
import type { Sandbox } from '@sandbox/sandbox';
import { buildSandboxApp } from '@sandbox/sandbox-plugin';
import { samplePhoto } from '@sandbox/media-samples';
import type { Broadcast } from '@shared/api/broadcasts';
import type { ConversationPage, Message, MessagePage } from '@shared/api/conversations';
import type { LiveNudge } from '@shared/api/live';
import type { Template } from '@shared/api/templates';
import { startBenchPostgres } from '../../bench/contacts-postgres';
import { BenchServer, startScript } from '../../bench/server-process';
import { freePort } from '../../server/cli/start-harness';
import { GRAPH_API_VERSION } from '../../server/config';
import { newEncryptionKey } from '../../server/lib/token-cipher';
import { readNudgeStream } from '../../server/testing/nudge-reader';
import { startS3TestServer, type S3TestServer } from '../../server/testing/s3-test-server';
import { DEMO_CONFIG, sign, TEST_APP_SECRET } from '../../server/testing/whatsapp-test-kit';
import { wallTimeAt } from '@shared/format/zoned-time';
import { choose } from '../support/broadcast-workspace';
import { launchBrowser, watchForProblems } from '../support/browser';
import { startNginx, type RunningNginx } from '../support/nginx';
import { until } from '../support/until';

/**
 * Parley as a team that outgrows one machine runs it: PostgreSQL, an S3-compatible media store and nginx
 * (the repository's deploy/nginx-parley.conf) in front of two processes started as `npm start` starts
 * them, each with its own DATA_DIR and TRUST_PROXY=1, Meta's webhooks arriving through the proxy.
 */

jest.setTimeout(240_000);

let postgres: { url: string; stop: () => Promise<void> };
let s3: S3TestServer;
let sandbox: Sandbox;
let closeSandbox: () => Promise<void>;
let proxy: RunningNginx;
const servers: BenchServer[] = [];
const folders: string[] = [];
let cookie = '';

interface Reply<T> {
  status: number;
  body: T;
  /** Which process answered (host:port), from the test's X-Parley-Upstream header. */
  upstream: string;
  cookies: string[];
}

async function call<T>(origin: string, method: string, url: string, body?: unknown, headers: Record<string, string> = {}): Promise<Reply<T>> {
  const response = await fetch(`${origin}${url}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  const json = response.headers.get('content-type')?.startsWith('application/json') && text;
  return { status: response.status, body: (json ? JSON.parse(text) : text) as T, upstream: answeredBy(response), cookies: response.headers.getSetCookie() };
}

const hostOf = (server: BenchServer) => new URL(server.origin).host;

/** The process that answered: nginx lists every upstream it tried ("dead:port, live:port"), the last one answered. */
const answeredBy = (response: Response) => (response.headers.get('x-parley-upstream') ?? '').split(', ').pop() ?? '';

/** A member's live stream through the proxy: the process it landed on and the nudges it hears. */
async function openStream(): Promise<{ upstream: string; nudges: LiveNudge[]; ended: Promise<void>; close(): void }> {
  const controller = new AbortController();
  const response = await fetch(`${proxy.origin}/api/events`, { headers: { cookie }, signal: controller.signal });
  expect(response.status).toBe(200);
  const nudges: LiveNudge[] = [];
  const ended = readNudgeStream(response.body!, (nudge) => nudges.push(nudge));
  return { upstream: answeredBy(response), nudges, ended, close: () => controller.abort() };
}

async function conversationOf(waId: string): Promise<{ id: string; messages: Message[] }> {
  const page = await call<ConversationPage>(proxy.origin, 'GET', `/api/conversations?search=${waId}`);
  const conversation = page.body.data[0];
  if (!conversation) return { id: '', messages: [] };
  const thread = await call<MessagePage>(proxy.origin, 'GET', `/api/conversations/${conversation.id}/messages?limit=100`);
  return { id: conversation.id, messages: thread.body.data };
}

beforeAll(async () => {
  const pg = await startBenchPostgres();
  if ('skipped' in pg) throw new Error(`PostgreSQL is needed: ${pg.skipped}`);
  postgres = pg;
  s3 = await startS3TestServer();
  const proxyPort = await freePort();
  const built = await buildSandboxApp({
    appSecret: TEST_APP_SECRET,
    webhookUrl: `http://127.0.0.1:${proxyPort}/api/webhooks/whatsapp`,
    statusDelaysMs: { sent: 0, delivered: 0, read: 0 },
    failureRate: 0,
    readRate: 0,
    replyRate: 0,
    customersWriteFirst: false,
    // Meta redelivers what was not acknowledged; compressed here from its hours to seconds.
    webhookRetryDelaysMs: [250, 500, 1_000, 2_000, 4_000, 8_000],
  });
  sandbox = built.sandbox;
  await built.app.listen({ port: 0, host: '127.0.0.1' });
  closeSandbox = () => built.app.close();
  const sandboxPort = (built.app.server.address() as { port: number }).port;
  const shared = {
    TRUST_PROXY: '1',
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    SEED_DEMO: '0',
    WHATSAPP_API_URL: `http://127.0.0.1:${sandboxPort}/${GRAPH_API_VERSION}`,
    WHATSAPP_APP_SECRET: TEST_APP_SECRET,
    PARLEY_ENCRYPTION_KEY: newEncryptionKey(),
    MEDIA_STORE: `s3://${s3.bucket}/media`,
    S3_ENDPOINT: s3.endpoint,
    AWS_REGION: 'us-east-1',
    AWS_ACCESS_KEY_ID: 'S3RVER',
    AWS_SECRET_ACCESS_KEY: 'S3RVER',
    // A killed process's claimed webhooks come back to the other after this lease (120 s by default).
    WEBHOOK_LEASE_SECONDS: '3',
  };
  for (const name of ['a', 'b']) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), `parley-machine-${name}-`));
    folders.push(dataDir);
    const server = new BenchServer({ script: startScript('compiled'), dataDir, databaseUrl: postgres.url, logFile: path.join(dataDir, 'server.log'), env: shared });
    // One after the other: the first start migrates the database and builds the server bundle if stale.
    await server.start();
    servers.push(server);
  }
  proxy = await startNginx(proxyPort, servers.map((server) => server.origin));

  const signup = await call<unknown>(proxy.origin, 'POST', '/api/auth/signup', {
    name: 'Nadia Operator', email: `machines-${randomUUID()}@example.com`, password: 'Secret123', organizationName: 'Two Machine Traders',
  });
  expect(signup.status).toBe(201);
  cookie = signup.cookies.map((c) => c.split(';')[0]).find((c) => c.split('=')[0].endsWith('parley_session')) ?? '';
  expect((await call(proxy.origin, 'PUT', '/api/settings/whatsapp', DEMO_CONFIG)).status).toBe(200);
});

afterAll(async () => {
  await proxy?.stop();
  for (const server of servers) await server.stop();
  await closeSandbox?.();
  await s3?.close();
  await postgres?.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('two processes behind nginx', () => {
  it('share sign-in: the session answers on either process', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => call<{ user: { name: string } }>(proxy.origin, 'GET', '/api/auth/verify')));
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    expect(new Set(answers.map((answer) => answer.upstream))).toEqual(new Set(servers.map(hostOf)));
  });

  it('serve through one process a file uploaded through the other, from the bucket (no DATA_DIR holds it)', async () => {
    const waId = '971501230001';
    sandbox.inbound({ phoneNumberId: DEMO_BUSINESS.phoneNumberId, from: waId, name: 'Hind', text: 'Please send the brochure' });
    await until(async () => (await conversationOf(waId)).messages.length === 1, 'the customer message to arrive through the proxy', 20_000);
    const contactId = (await call<ConversationPage>(proxy.origin, 'GET', `/api/conversations?search=${waId}`)).body.data[0].contact.id;
    const photo = samplePhoto(7, 320);
    const form = new FormData();
    form.append('contactId', contactId);
    form.append('clientId', randomUUID());
    form.append('file', new Blob([new Uint8Array(photo.data)], { type: photo.mimeType }), 'brochure.png');
    const uploaded = await fetch(`${servers[0].origin}/api/media/upload`, { method: 'POST', body: form, headers: { cookie } });
    expect(uploaded.status).toBe(201);
    const message = ((await uploaded.json()) as { message: Message }).message;

    const served = await fetch(`${servers[1].origin}${message.mediaUrl}`, { headers: { cookie } });
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(photo.data)).toBe(true);
    for (const folder of folders) {
      const media = path.join(folder, 'media');
      expect(existsSync(media) ? readdirSync(media) : []).toEqual([]);
    }
  });

  it('pass the live stream on unbuffered: an agent on one process hears of a message the other stored', async () => {
    const stream = await openStream();
    try {
      const other = servers.find((server) => hostOf(server) !== stream.upstream)!;
      const waId = '971501230002';
      const wamid = `wamid.machines-${randomUUID()}`;
      const body = JSON.stringify({
        object: 'whatsapp_business_account',
        entry: [{
          id: DEMO_BUSINESS.businessAccountId,
          changes: [{
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: DEMO_BUSINESS.displayPhoneNumber, phone_number_id: DEMO_BUSINESS.phoneNumberId },
              contacts: [{ profile: { name: 'Salem' }, wa_id: waId }],
              messages: [{ from: waId, id: wamid, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: 'Is the shop open today?' } }],
            },
          }],
        }],
      });
      const posted = Date.now();
      const answer = await fetch(`${other.origin}/api/webhooks/whatsapp`, { method: 'POST', body, headers: { 'content-type': 'application/json', 'x-hub-signature-256': sign(body) } });
      expect(answer.status).toBe(200);
      // A buffering proxy would hold a nudge this small until its buffer filled: nothing for 25 s.
      await until(async () => stream.nudges.some((nudge) => nudge.kind === 'message'), 'the nudge through the proxy', 5_000);
      process.stdout.write(`several machines: webhook on ${hostOf(other)} → nudge through nginx from ${stream.upstream} in ${Date.now() - posted} ms\n`);
    } finally {
      stream.close();
    }
  });

  it("send a broadcast's recipients once in total, both dispatchers at work", async () => {
    expect((await call(proxy.origin, 'POST', '/api/templates/sync', {})).status).toBe(200);
    const templates = await call<{ data: Template[] }>(proxy.origin, 'GET', '/api/templates/local?status=APPROVED&limit=100');
    const template = templates.body.data.find((t) => t.name === 'order_confirmation');
    const numbers = Array.from({ length: 24 }, (_, i) => `0523${String(400_001 + i)}`);
    const contactIds: string[] = [];
    for (const phoneNumber of numbers) {
      const created = await call<{ id: string }>(proxy.origin, 'POST', '/api/contacts', { name: 'Guest', countryCode: '+971', phoneNumber });
      expect(created.status).toBe(201);
      contactIds.push(created.body.id);
    }
    const created = await call<{ id: string }>(proxy.origin, 'POST', '/api/broadcast', { templateId: template?.id, parameters: ['Layla', 'A-1001', 'Monday'], contactIds }, { 'idempotency-key': randomUUID() });
    expect(created.status).toBe(201);
    await until(async () => (await call<Broadcast>(proxy.origin, 'GET', `/api/broadcast/${created.body.id}`)).body.status === 'completed', 'the broadcast to complete', 60_000);
    expect(numbers.map((n) => sandbox.world.sends.countFor(`971${n.slice(1)}`))).toEqual(numbers.map(() => 1));
  });

  it('move the streams of a killed process to the other within 5 s, and lose no webhook', async () => {
    const stream = await openStream();
    const victim = servers.find((server) => hostOf(server) === stream.upstream)!;
    const survivor = servers.find((server) => server !== victim)!;
    const waId = '971501230003';
    const texts = Array.from({ length: 30 }, (_, i) => `Order question ${i + 1}`);
    const writing = (async () => {
      for (const text of texts) {
        sandbox.inbound({ phoneNumberId: DEMO_BUSINESS.phoneNumberId, from: waId, name: 'Rashid', text });
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 400));
    const killedAt = Date.now();
    await victim.kill();
    await stream.ended;
    // The browser's EventSource reconnects by itself; this is the same reconnect, through the proxy.
    let moved: Awaited<ReturnType<typeof openStream>> | undefined;
    await until(async () => {
      moved = await openStream().catch(() => undefined);
      return moved !== undefined;
    }, 'a stream through the proxy again', 5_000);
    const movedAfterMs = Date.now() - killedAt;
    expect(moved!.upstream).toBe(hostOf(survivor));
    expect(movedAfterMs).toBeLessThanOrEqual(5_000);
    process.stdout.write(`several machines: stream back on ${moved!.upstream} ${movedAfterMs} ms after the SIGKILL\n`);
    moved!.close();

    await writing;
    await sandbox.settle(60_000);
    const stored = async () => (await conversationOf(waId)).messages.map((message) => message.content).sort();
    await until(async () => (await stored()).length >= texts.length, 'every message of the storm', 30_000)
      .catch(async (error: Error) => {
        throw new Error(`${error.message}: stored ${JSON.stringify(await stored())}`);
      });
    expect(await stored()).toEqual([...texts].sort());
  });
  // Last: it restarts both processes (the previous test killed one).
  it('start a broadcast scheduled in the browser on time, both processes restarted before its time', async () => {
    expect((await call(proxy.origin, 'POST', '/api/templates/sync', {})).status).toBe(200);
    const tag = await call<{ id: string; name: string }>(proxy.origin, 'POST', '/api/tags', { name: 'Friday list', color: '#388e3c' });
    expect(tag.status).toBe(201);
    const contact = await call<{ id: string }>(proxy.origin, 'POST', '/api/contacts', { name: 'Mariam Saeed', countryCode: '+971', phoneNumber: '0523500001', tagIds: [tag.body.id] });
    expect(contact.status).toBe(201);
    const waId = '971523500001';
    const { timeZone } = (await call<{ timeZone: string }>(proxy.origin, 'GET', '/api/organization/settings')).body;

    // The next whole minute at least 75 s away (room for the form and two restarts on a busy machine),
    // entered as the organization's wall-clock time.
    const due = Math.ceil((Date.now() + 75_000) / 60_000) * 60_000;
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({ baseURL: proxy.origin, viewport: { width: 1366, height: 850 } });
      const [name, value] = cookie.split(/=(.*)/s);
      await context.addCookies([{ name, value, url: proxy.origin }]);
      const page = await context.newPage();
      const problems = watchForProblems(page);
      await page.goto('/broadcast/new');
      await page.getByRole('heading', { name: 'New Broadcast', level: 1 }).waitFor();
      await choose(page, /^Template/, /^welcome_message \(en\)$/);
      await page.getByRole('textbox', { name: /^Parameter 1/ }).fill('friend');
      await page.getByRole('combobox', { name: 'Tags' }).click();
      await page.getByRole('option', { name: 'Friday list' }).click();
      await page.keyboard.press('Escape');
      await page.getByRole('status').filter({ hasText: 'This broadcast will reach 1 contact.' }).waitFor();
      await page.getByRole('textbox', { name: 'Name' }).fill('Friday offer');
      await page.getByLabel(`Send at (${timeZone})`).fill(wallTimeAt(new Date(due), timeZone));
      await page.getByRole('button', { name: 'Schedule' }).click();
      await page.waitForURL(/\/broadcast$/);
      await page.getByRole('row').filter({ hasText: 'Friday offer' }).getByText('Scheduled', { exact: true }).waitFor();
      expect(problems).toEqual([]);
    } finally {
      await browser.close();
    }

    for (const server of servers) await server.stop();
    for (const server of servers) await server.start();
    expect(Date.now()).toBeLessThan(due);
    expect(sandbox.world.sends.countFor(waId)).toBe(0);

    // It starts within 5 s of its time (the check that sees its send looks every 250 ms).
    await until(async () => sandbox.world.sends.countFor(waId) > 0, 'the scheduled send', due - Date.now() + 15_000);
    const seenAfterMs = Date.now() - due;
    expect(seenAfterMs).toBeGreaterThanOrEqual(0);
    expect(seenAfterMs).toBeLessThanOrEqual(5_250);
    process.stdout.write(`several machines: the scheduled broadcast's send reached the sandbox ${seenAfterMs} ms after its time\n`);
    expect(sandbox.world.sends.countFor(waId)).toBe(1);
  });
});
