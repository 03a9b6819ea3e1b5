/** @jest-environment node */
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { DEMO_BUSINESS } from './fixtures';
import type { Sandbox, SandboxOptions } from './sandbox';
import { buildSandboxApp } from './sandbox-plugin';

const SECRET = 'sandbox-test-secret';
const AUTH = { authorization: `Bearer ${DEMO_BUSINESS.accessToken}` };
const PNID = DEMO_BUSINESS.phoneNumberId;

interface Delivered {
  body: string;
  signature: string;
  payload: { entry: Array<{ id: string; changes: Array<{ field: string; value: Record<string, unknown> }> }> };
}

let app: FastifyInstance;
let sandbox: Sandbox;
let delivered: Delivered[];

async function start(options: Partial<SandboxOptions> = {}): Promise<void> {
  delivered = [];
  ({ app, sandbox } = await buildSandboxApp({
    appSecret: SECRET,
    statusDelaysMs: { sent: 0, delivered: 0, read: 0 },
    failureRate: 0,
    readRate: 1,
    replyRate: 0,
    replyDelayMs: 0,
    webhookTransport: async (body, headers) => {
      delivered.push({ body, signature: headers['x-hub-signature-256'], payload: JSON.parse(body) });
      return 200;
    },
    ...options,
  }));
}

afterEach(async () => {
  await app.close();
});

const send = (payload: Record<string, unknown>) =>
  app.inject({ method: 'POST', url: `/v23.0/${PNID}/messages`, headers: AUTH, payload: { messaging_product: 'whatsapp', ...payload } });

const statusesOf = (wamid: string) =>
  delivered.flatMap((d) => (d.payload.entry[0].changes[0].value.statuses as Array<{
    id: string; status: string; errors?: Array<{ code: number }>; biz_opaque_callback_data?: string;
  }> | undefined) ?? [])
    .filter((s) => s.id === wamid);

const inboundOf = () =>
  delivered.flatMap((d) => (d.payload.entry[0].changes[0].value.messages as Array<Record<string, unknown>> | undefined) ?? []);

describe('the sandbox', () => {
  it('answers a send with a wamid, then posts signed sent → delivered → read callbacks', async () => {
    await start();
    sandbox.inbound({ phoneNumberId: PNID, from: '971501234567', text: 'Hi there, café?' });
    const response = await send({ to: '+971501234567', type: 'text', text: { body: 'Hello!' } });
    expect(response.statusCode).toBe(200);
    const wamid = response.json().messages[0].id as string;
    expect(response.json().contacts).toEqual([{ input: '+971501234567', wa_id: '971501234567' }]);
    await sandbox.settle();

    expect(statusesOf(wamid).map((s) => s.status)).toEqual(['sent', 'delivered', 'read']);
    for (const event of delivered) {
      expect(event.signature).toBe(`sha256=${createHmac('sha256', SECRET).update(event.body).digest('hex')}`);
      expect(event.payload.entry[0].id).toBe(DEMO_BUSINESS.businessAccountId);
      expect(event.payload.entry[0].changes[0].value.metadata).toEqual({ display_phone_number: '97145550100', phone_number_id: PNID });
    }
    // Meta escapes non-ASCII characters; the signature covers the escaped bytes.
    expect(delivered[0].body).toContain('caf\\u00e9');
  });

  it('fails a message to a number not on WhatsApp, and free-form text outside the 24-hour window', async () => {
    await start();
    const notOnWhatsApp = (await send({ to: '971500000000', type: 'text', text: { body: 'x' } })).json().messages[0].id;
    const noWindow = (await send({ to: '966501234567', type: 'text', text: { body: 'x' } })).json().messages[0].id;
    await sandbox.settle();
    expect(statusesOf(notOnWhatsApp)).toEqual([expect.objectContaining({ status: 'failed', errors: [expect.objectContaining({ code: 131026 })] })]);
    expect(statusesOf(noWindow)).toEqual([expect.objectContaining({ status: 'failed', errors: [expect.objectContaining({ code: 131047 })] })]);
  });

  it('lets a customer press a template button, with the payload the send attached', async () => {
    await start({ replyRate: 1 });
    const response = await send({
      to: '971552345678',
      type: 'template',
      template: {
        name: 'order_confirmation',
        language: { code: 'en_US' },
        components: [
          { type: 'body', parameters: [{ type: 'text', text: 'Ahmed' }, { type: 'text', text: 'DR-1' }, { type: 'text', text: 'Monday' }] },
          { type: 'button', sub_type: 'quick_reply', index: '1', parameters: [{ type: 'payload', payload: 'AGENT-DR-1' }] },
        ],
      },
    });
    const wamid = response.json().messages[0].id as string;
    await sandbox.settle();
    const [press] = inboundOf();
    expect(press.type).toBe('button');
    expect(press.context).toEqual({ from: '97145550100', id: wamid });
    const button = press.button as { text: string; payload: string };
    expect(['Track my order', 'Talk to an agent']).toContain(button.text);
    expect(button.payload).toBe(button.text === 'Talk to an agent' ? 'AGENT-DR-1' : 'Track my order');
  });

  it('has customers who write first on their own; closing the server stops them', async () => {
    await start({ customersWriteFirst: true, customerIntervalMs: 5 });
    for (let i = 0; i < 200 && inboundOf().length < 3; i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(inboundOf().length).toBeGreaterThanOrEqual(3);
    await app.close();
    expect(sandbox.timeline.pending).toBe(0);
    const count = delivered.length;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(delivered.length).toBe(count);
    await start();
  });

  it('pages templates with a `next` link only while more follow', async () => {
    await start();
    const first = (await app.inject({ method: 'GET', url: `/v23.0/${DEMO_BUSINESS.businessAccountId}/message_templates?limit=4`, headers: AUTH })).json();
    expect(first.data).toHaveLength(4);
    const next = new URL(first.paging.next);
    const second = (await app.inject({ method: 'GET', url: `${next.pathname}${next.search}`, headers: AUTH })).json();
    const last = (await app.inject({
      method: 'GET', url: `/${DEMO_BUSINESS.businessAccountId}/message_templates?limit=4&after=${second.paging.cursors.after}`, headers: AUTH,
    })).json();
    expect(last.data).toHaveLength(2);
    expect(last.paging.next).toBeUndefined();
    expect(new Set([...first.data, ...second.data, ...last.data].map((t: { id: string }) => t.id)).size).toBe(10);
  });

  it('injects faults through its control API, from this machine only', async () => {
    await start();
    const control = (remoteAddress?: string) =>
      app.inject({ method: 'POST', url: '/_sandbox/faults', payload: { target: PNID, kind: 'token_expired', count: 1 }, remoteAddress });
    expect((await control('10.1.2.3')).statusCode).toBe(403);
    expect((await control()).statusCode).toBe(200);
    const refused = await app.inject({ method: 'GET', url: `/v23.0/${PNID}`, headers: AUTH });
    expect(refused.json().error).toMatchObject({ code: 190, type: 'OAuthException', error_subcode: 463 });
    expect((await app.inject({ method: 'GET', url: `/v23.0/${PNID}`, headers: AUTH })).statusCode).toBe(200);

    const inbound = await app.inject({ method: 'POST', url: '/_sandbox/inbound', payload: { phoneNumberId: PNID, type: 'document' } });
    expect(inbound.json().wamid).toMatch(/^wamid\./);
    await sandbox.settle();
    expect(inboundOf()[0]).toMatchObject({ type: 'document', document: expect.objectContaining({ mime_type: 'application/pdf' }) });
  });

  it("sets one customer's behaviour and lists the sends to one recipient through its control API", async () => {
    await start({ readRate: 1, replyRate: 1 });
    const behave = (waId: string, payload: Record<string, unknown>) => app.inject({ method: 'PUT', url: `/_sandbox/customers/${waId}`, payload });
    expect((await behave('971501234567', { readRate: 0, replyRate: 0 })).json()).toEqual({ waId: '971501234567', readRate: 0, replyRate: 0 });
    expect((await behave('971501234567', { readRate: 2 })).statusCode).toBe(400);
    expect((await behave('12ab', {})).statusCode).toBe(400);

    sandbox.inbound({ phoneNumberId: PNID, from: '971501234567', text: 'Hi' });
    sandbox.inbound({ phoneNumberId: PNID, from: '971552345678', text: 'Hello' });
    const quiet = (await send({ to: '971501234567', type: 'text', text: { body: 'Once' } })).json().messages[0].id as string;
    const chatty = (await send({ to: '971552345678', type: 'text', text: { body: 'Twice' } })).json().messages[0].id as string;
    await sandbox.settle();
    expect(statusesOf(quiet).map((s) => s.status)).toEqual(['sent', 'delivered']);
    expect(statusesOf(chatty).map((s) => s.status)).toEqual(['sent', 'delivered', 'read']);
    expect(inboundOf().filter((m) => m.from === '971552345678')).toHaveLength(2);
    expect(inboundOf().filter((m) => m.from === '971501234567')).toHaveLength(1);

    const sends = (await app.inject({ method: 'GET', url: '/_sandbox/messages?to=%2B971501234567' })).json();
    expect(sends.data).toEqual([expect.objectContaining({ wamid: quiet, to: '971501234567', type: 'text', text: 'Once' })]);
    expect((await app.inject({ method: 'GET', url: '/_sandbox/messages' })).json().data).toHaveLength(2);
  });

  it("echoes the send's biz_opaque_callback_data on every status of that message", async () => {
    await start();
    sandbox.inbound({ phoneNumberId: PNID, from: '971501234567', text: 'Hi' });
    const tracked = (await send({ to: '971501234567', type: 'text', text: { body: 'x' }, biz_opaque_callback_data: 'recipient-42' })).json().messages[0].id;
    const failed = (await send({ to: '971500000000', type: 'text', text: { body: 'x' }, biz_opaque_callback_data: 'recipient-43' })).json().messages[0].id;
    const untracked = (await send({ to: '971501234567', type: 'text', text: { body: 'y' } })).json().messages[0].id;
    await sandbox.settle();
    expect(statusesOf(tracked).map((s) => [s.status, s.biz_opaque_callback_data])).toEqual([
      ['sent', 'recipient-42'], ['delivered', 'recipient-42'], ['read', 'recipient-42'],
    ]);
    expect(statusesOf(failed).map((s) => [s.status, s.biz_opaque_callback_data])).toEqual([['failed', 'recipient-43']]);
    expect(statusesOf(untracked).every((s) => !('biz_opaque_callback_data' in s))).toBe(true);

    const tooLong = await send({ to: '971501234567', type: 'text', text: { body: 'x' }, biz_opaque_callback_data: 'x'.repeat(513) });
    expect(tooLong.json().error.code).toBe(100);
  });

  it('counts every accepted send per recipient, with when they were accepted, until reset', async () => {
    await start({ readRate: 0 });
    const template = (to: string) => send({
      to,
      type: 'template',
      template: { name: 'order_confirmation', language: { code: 'en_US' }, components: [
        { type: 'body', parameters: [{ type: 'text', text: 'A' }, { type: 'text', text: 'B' }, { type: 'text', text: 'C' }] },
      ] },
    });
    const before = Date.now();
    for (const to of ['971501234567', '971552345678', '+971 50 123 4567', '966501234567']) expect((await template(to)).statusCode).toBe(200);
    expect((await template('12')).statusCode).toBe(400);
    const sends = (query = '') => app.inject({ method: 'GET', url: `/_sandbox/sends${query}` }).then((r) => r.json());

    expect(await sends('?to=%2B971501234567')).toEqual({ to: '971501234567', count: 2 });
    expect(await sends('?to=971500000009')).toEqual({ to: '971500000009', count: 0 });
    const summary = await sends();
    expect(summary).toMatchObject({ total: 4, recipients: 3, duplicates: [{ to: '971501234567', count: 2 }], refused: 0 });
    expect(summary.counts).toBeUndefined();
    expect(summary.firstAt).toBeGreaterThanOrEqual(before);
    expect(summary.lastAt).toBeGreaterThanOrEqual(summary.firstAt);
    expect(summary.numbers[PNID]).toMatchObject({ total: 4, firstAt: summary.firstAt, lastAt: summary.lastAt });
    expect((await sends('?full=1')).counts).toEqual({ '971501234567': 2, '971552345678': 1, '966501234567': 1 });

    expect((await app.inject({ method: 'DELETE', url: '/_sandbox/sends' })).statusCode).toBe(200);
    expect(await sends()).toMatchObject({ total: 0, recipients: 0, duplicates: [], refused: 0, firstAt: null, lastAt: null, numbers: {} });
    await sandbox.settle();
  });

  it("answers 130429 over a number's throughput, which its control changes", async () => {
    await start({ throughputPerSecond: 1, readRate: 0 });
    sandbox.inbound({ phoneNumberId: PNID, from: '971501234567', text: 'Hi' });
    const burst = async (n: number) => {
      const answers = [];
      for (let i = 0; i < n; i += 1) answers.push(await send({ to: '971501234567', type: 'text', text: { body: `m${i}` } }));
      return answers.map((a) => (a.statusCode === 200 ? 'ok' : a.json().error.code));
    };
    expect(await burst(2)).toEqual(['ok', 130429]);

    const setRate = (payload: Record<string, unknown>) => app.inject({ method: 'PUT', url: `/_sandbox/numbers/${PNID}/throughput`, payload });
    expect((await setRate({ messagesPerSecond: 0 })).statusCode).toBe(400);
    expect((await setRate({ messagesPerSecond: 'fast' })).statusCode).toBe(400);
    expect((await setRate({ messagesPerSecond: 1000 })).json()).toEqual({ phoneNumberId: PNID, messagesPerSecond: 1000 });
    expect(await burst(20)).toEqual(Array(20).fill('ok'));
    await setRate({ messagesPerSecond: 1 });
    expect(await burst(2)).toEqual(['ok', 130429]);
    expect((await app.inject({ method: 'GET', url: '/_sandbox/sends?to=971501234567' })).json().count).toBe(22);
    expect((await app.inject({ method: 'GET', url: '/_sandbox/sends' })).json()).toMatchObject({ total: 22, refused: 2, numbers: { [PNID]: { total: 22, refused: 2 } } });
    await sandbox.settle();
  });

  it("batches a number's statuses into one webhook when asked, and sends no reads when the read rate is 0", async () => {
    await start({ statusBatchMs: 20, readRate: 0 });
    sandbox.inbound({ phoneNumberId: PNID, from: '971501234567', text: 'Hi' });
    const wamids: string[] = [];
    for (const body of ['a', 'b', 'c']) wamids.push((await send({ to: '971501234567', type: 'text', text: { body } })).json().messages[0].id);
    await sandbox.settle();
    const statusWebhooks = delivered.filter((d) => d.payload.entry[0].changes[0].value.statuses);
    expect(statusWebhooks.length).toBeLessThan(6);
    expect(statusWebhooks.some((d) => (d.payload.entry[0].changes[0].value.statuses as unknown[]).length > 1)).toBe(true);
    for (const wamid of wamids) expect(statusesOf(wamid).map((s) => s.status)).toEqual(['sent', 'delivered']);
    expect((await app.inject({ method: 'GET', url: '/_sandbox/pending' })).json()).toEqual({ pending: 0 });
    for (const event of statusWebhooks) {
      expect(event.signature).toBe(`sha256=${createHmac('sha256', SECRET).update(event.body).digest('hex')}`);
    }
  });

  it('answers Graph-shaped errors for malformed requests', async () => {
    await start();
    const noProduct = await app.inject({ method: 'POST', url: `/v23.0/${PNID}/messages`, headers: AUTH, payload: { to: '971501234567', type: 'text' } });
    expect(noProduct.statusCode).toBe(400);
    expect(noProduct.json().error).toMatchObject({ code: 100, error_data: { details: 'The parameter messaging_product is required.' } });
    const badJson = await app.inject({ method: 'POST', url: `/v23.0/${PNID}/messages`, headers: { ...AUTH, 'content-type': 'application/json' }, payload: '{' });
    expect(badJson.json().error.code).toBe(100);
    const noToken = await app.inject({ method: 'GET', url: `/v23.0/${PNID}` });
    expect(noToken.json().error.code).toBe(190);
  });
});
