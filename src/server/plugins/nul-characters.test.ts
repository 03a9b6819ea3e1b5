/** @jest-environment node */
import { count } from 'drizzle-orm';
import { webhookEvents } from '../db/schema';
import type { Member } from '../testing/test-app';
import { createKitWithAdmin, postWebhook, type WhatsAppTestKit } from '../testing/whatsapp-test-kit';

/**
 * PostgreSQL text cannot hold U+0000, so a NUL that reached a query would fail it with a 500. Every
 * route refuses it up front, in the JSON body and in the query string, before any rule or query runs.
 */
let kit: WhatsAppTestKit;
let admin: Member;
beforeAll(async () => ({ kit, admin } = await createKitWithAdmin()));
afterAll(() => kit.close());

const REFUSED = { error: 'Text must not contain NUL characters' };

test('sign-in and sign-up (no session needed) answer 400 to a NUL in any field', async () => {
  const { app } = kit.t;
  for (const [url, payload] of [
    ['/api/auth/login', { email: 'someone\u0000@example.com', password: 'Secret123' }],
    ['/api/auth/login', { email: 'someone@example.com', password: 'Secret\u0000123' }],
    ['/api/auth/signup', { name: 'Nul Person', email: 'nul@example.com', password: 'Secret123', organizationName: 'Nul\u0000 Org' }],
  ] as const) {
    const response = await app.inject({ method: 'POST', url, payload });
    expect([url, response.statusCode, response.json()]).toEqual([url, 400, REFUSED]);
  }
});

test("the webhook verification handshake answers 400 to a NUL in Meta's query", async () => {
  const response = await kit.t.app.inject({
    method: 'GET', url: '/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=to%00ken&hub.challenge=1',
  });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual(REFUSED);
});

test('a signed-in route refuses a NUL nested in the body, in a key, or in a query parameter', async () => {
  const nested = await admin.request({
    method: 'POST', url: '/api/contacts', payload: { name: 'Layla Hassan', countryCode: '+971', phoneNumber: '501234567', tagIds: ['\u0000'] },
  });
  expect([nested.statusCode, nested.json()]).toEqual([400, REFUSED]);
  const key = await admin.request({ method: 'POST', url: '/api/tags', payload: { name: 'VIP', 'col\u0000or': 'x' } });
  expect([key.statusCode, key.json()]).toEqual([400, REFUSED]);
  const query = await admin.request({ method: 'GET', url: '/api/contacts/search?q=%00' });
  expect([query.statusCode, query.json()]).toEqual([400, REFUSED]);
  // An escaped backslash before "u0000" is plain text, not a NUL.
  const text = await admin.request({ method: 'POST', url: '/api/tags', payload: { name: 'a\\u0000b' } });
  expect(text.json()).not.toEqual(REFUSED);
});

test("a webhook POST keeps its own rule: a NUL in a customer's text is accepted, not refused", async () => {
  const before = await kit.t.database.db.select({ n: count() }).from(webhookEvents);
  const response = await postWebhook(kit.t.app, {
    object: 'whatsapp_business_account',
    entry: [{ id: 'waba', changes: [{ field: 'messages', value: { messages: [{ type: 'text', text: { body: 'hi\u0000there' } }] } }] }],
  });
  expect(response.statusCode).toBe(200);
  const after = await kit.t.database.db.select({ n: count() }).from(webhookEvents);
  expect(Number(after[0].n)).toBe(Number(before[0].n) + 1);
});
