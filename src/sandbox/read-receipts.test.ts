/** @jest-environment node */
import type { FastifyInstance } from 'fastify';
import { DEMO_BUSINESS } from './fixtures';
import { buildSandboxApp } from './sandbox-plugin';

/** The sandbox counts "mark as read" calls per message id, for tests to compare with what the product should send. */

let app: FastifyInstance;
beforeEach(async () => {
  ({ app } = await buildSandboxApp({
    appSecret: 'sandbox-read-secret',
    statusDelaysMs: { sent: 0, delivered: 0, read: 0 },
    failureRate: 0,
    readRate: 1,
    replyRate: 0,
    replyDelayMs: 0,
    webhookTransport: async () => 200,
  }));
});
afterEach(() => app.close());

const markRead = (payload: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: `/v23.0/${DEMO_BUSINESS.phoneNumberId}/messages`,
    headers: { authorization: `Bearer ${DEMO_BUSINESS.accessToken}` },
    payload: { messaging_product: 'whatsapp', status: 'read', ...payload },
  });
const receipts = (query = '') => app.inject({ method: 'GET', url: `/_sandbox/read-receipts${query}` }).then((r) => r.json());

test('counts each accepted mark-as-read call per message id, and forgets them on DELETE', async () => {
  expect((await markRead({ message_id: 'wamid.one' })).json()).toEqual({ success: true });
  await markRead({ message_id: 'wamid.one' });
  await markRead({ message_id: 'wamid.two' });
  // A call without a message id is refused and not counted.
  expect((await markRead({})).statusCode).toBe(400);

  expect(await receipts()).toEqual({ total: 3, counts: { 'wamid.one': 2, 'wamid.two': 1 } });
  expect(await receipts('?messageId=wamid.one')).toEqual({ messageId: 'wamid.one', count: 2 });
  expect(await receipts('?messageId=wamid.none')).toEqual({ messageId: 'wamid.none', count: 0 });

  expect((await app.inject({ method: 'DELETE', url: '/_sandbox/read-receipts' })).statusCode).toBe(200);
  expect(await receipts()).toEqual({ total: 0, counts: {} });
});
