/** @jest-environment node */
import { count, eq } from 'drizzle-orm';
import { WEBHOOK_BODY_NOT_OBJECT } from '@shared/validation/webhooks';
import { messages, webhookEvents } from '../../db/schema';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  createKitWithAdmin, DEMO_CONFIG, postWebhook, sign, type WhatsAppTestKit,
} from '../../testing/whatsapp-test-kit';

let kit: WhatsAppTestKit;

beforeAll(async () => ({ kit } = await createKitWithAdmin()));

afterAll(() => kit.close());

async function storedEvents(): Promise<number> {
  const [{ n }] = await kit.t.database.db.select({ n: count() }).from(webhookEvents);
  return Number(n);
}

const textPayload = (wamid: string, body: string) => ({
  object: 'whatsapp_business_account',
  entry: [{
    id: DEMO_CONFIG.businessAccountId,
    changes: [{
      field: 'messages',
      value: {
        messaging_product: 'whatsapp',
        metadata: { display_phone_number: '97145550100', phone_number_id: DEMO_CONFIG.phoneNumberId },
        contacts: [{ profile: { name: 'Layla Hassan' }, wa_id: '971501234567' }],
        messages: [{ from: '971501234567', id: wamid, timestamp: '1767225600', type: 'text', text: { body } }],
      },
    }],
  }],
});

describe('GET /api/webhooks/whatsapp (verification handshake)', () => {
  const handshake = (query: string) => kit.t.app.inject({ method: 'GET', url: `/api/webhooks/whatsapp?${query}` });

  it("echoes the challenge for an organization's verify token", async () => {
    const response = await handshake(`hub.mode=subscribe&hub.verify_token=${DEMO_CONFIG.webhookVerifyToken}&hub.challenge=1158201444`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('1158201444');
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('refuses a wrong token, a wrong mode or a missing challenge with 403', async () => {
    for (const query of [
      'hub.mode=subscribe&hub.verify_token=not-the-token&hub.challenge=1',
      `hub.mode=unsubscribe&hub.verify_token=${DEMO_CONFIG.webhookVerifyToken}&hub.challenge=1`,
      `hub.mode=subscribe&hub.verify_token=${DEMO_CONFIG.webhookVerifyToken}`,
      'hub.mode=subscribe&hub.challenge=1',
    ]) {
      expect((await handshake(query)).statusCode).toBe(403);
    }
  });
});

describe('POST /api/webhooks/whatsapp (signature)', () => {
  it('answers 401 and stores nothing without a signature or with a wrong one', async () => {
    const before = await storedEvents();
    const body = JSON.stringify(textPayload('wamid.unsigned', 'hi'));
    const unsigned = await kit.t.app.inject({
      method: 'POST', url: '/api/webhooks/whatsapp', payload: body, headers: { 'content-type': 'application/json' },
    });
    expect(unsigned.statusCode).toBe(401);
    for (const signature of [sign(body, 'another-secret'), 'sha256=abc', `sha1=${sign(body).slice(7)}`, sign(`${body} `)]) {
      expect((await postWebhook(kit.t.app, body, signature)).statusCode).toBe(401);
    }
    expect(await storedEvents()).toBe(before);
  });

  it('accepts a correctly signed body and stores it before answering', async () => {
    const before = await storedEvents();
    const response = await postWebhook(kit.t.app, textPayload('wamid.signed-1', 'Hello'));
    expect(response.statusCode).toBe(200);
    expect(await storedEvents()).toBe(before + 1);
  });

  it('accepts any signed body and rejects any single-bit change to body or signature', async () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let round = 0; round < 25; round += 1) {
      const body = Buffer.from(JSON.stringify({ object: 'whatsapp_business_account', entry: [], n: random() }));
      const signature = sign(body);
      expect((await postWebhook(kit.t.app, body.toString(), signature)).statusCode).toBe(200);

      const flipped = Buffer.from(body);
      const bit = Math.floor(random() * flipped.length * 8);
      flipped[bit >> 3] ^= 1 << (bit & 7);
      const tamperedBody = await kit.t.app.inject({
        method: 'POST', url: '/api/webhooks/whatsapp', payload: flipped, headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
      });
      expect(tamperedBody.statusCode).toBe(401);

      const hex = signature.slice(7).split('');
      const position = Math.floor(random() * hex.length);
      hex[position] = hex[position] === '0' ? '1' : '0';
      expect((await postWebhook(kit.t.app, body.toString(), `sha256=${hex.join('')}`)).statusCode).toBe(401);
    }
  });

  it("verifies the raw bytes, as Meta signs its escaped JSON (é, emoji, \\/)", async () => {
    const raw = JSON.stringify(textPayload('wamid.escaped-1', 'PLACEHOLDER')).replace(
      'PLACEHOLDER',
      'Caf\\u00e9 \\ud83d\\ude00 https:\\/\\/desertrose.example\\/oud',
    );
    expect(JSON.stringify(JSON.parse(raw))).not.toBe(raw);
    const response = await postWebhook(kit.t.app, raw, sign(raw));
    expect(response.statusCode).toBe(200);
    await kit.t.app.webhookInbox.drain();
    const [stored] = await kit.t.database.db.select().from(messages).where(eq(messages.wamid, 'wamid.escaped-1'));
    expect(stored.content).toBe('Café 😀 https://desertrose.example/oud');
  });

  it('stores a message with a NUL character, which PostgreSQL JSON cannot hold, as U+FFFD', async () => {
    const raw = JSON.stringify(textPayload('wamid.nul-1', 'PLACEHOLDER')).replace('PLACEHOLDER', 'a\\u0000b');
    expect((await postWebhook(kit.t.app, raw, sign(raw))).statusCode).toBe(200);
    await kit.t.app.webhookInbox.drain();
    const [stored] = await kit.t.database.db.select().from(messages).where(eq(messages.wamid, 'wamid.nul-1'));
    expect(stored.content).toBe('a\ufffdb');
  });

  it('accepts a signed 2.5 MB payload', async () => {
    const payload = { ...textPayload('wamid.large-1', 'big'), padding: 'x'.repeat(2.5 * 1024 * 1024) };
    expect((await postWebhook(kit.t.app, payload)).statusCode).toBe(200);
  });

  it('answers 400 to a signed body that is JSON but not an object, and stores nothing', async () => {
    const before = await storedEvents();
    for (const body of ['null', '[]', '[{"entry":[]}]', '"entry"', '42', 'true']) {
      const response = await postWebhook(kit.t.app, body, sign(body));
      expect({ body, status: response.statusCode, error: response.json().error }).toEqual({ body, status: 400, error: WEBHOOK_BODY_NOT_OBJECT });
    }
    expect(await storedEvents()).toBe(before);
  });

  it('answers 400 to signed bytes that are not JSON, and 415 to another content type', async () => {
    expect((await postWebhook(kit.t.app, '{"entry": [', sign('{"entry": ['))).statusCode).toBe(400);
    const form = await kit.t.app.inject({
      method: 'POST', url: '/api/webhooks/whatsapp', payload: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-hub-signature-256': sign('a=1') },
    });
    expect(form.statusCode).toBe(415);
  });
});

describe('without an app secret', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await createTestApp({ whatsappAppSecret: undefined, builtInSandbox: false });
  });
  afterAll(async () => {
    await bare.close();
  });

  it('refuses every webhook POST with 401, however it is signed', async () => {
    const body = JSON.stringify(textPayload('wamid.no-secret', 'hi'));
    for (const signature of [sign(body), sign(body, ''), 'sha256=']) {
      expect((await postWebhook(bare.app, body, signature)).statusCode).toBe(401);
    }
  });
});
