/** @jest-environment node */
import type { FastifyInstance } from 'fastify';
import { DEMO_BUSINESS } from './fixtures';
import type { Sandbox } from './sandbox';
import { buildSandboxApp } from './sandbox-plugin';

const AUTH = { authorization: `Bearer ${DEMO_BUSINESS.accessToken}` };
const PNID = DEMO_BUSINESS.phoneNumberId;

let app: FastifyInstance;
let sandbox: Sandbox;

beforeEach(async () => {
  ({ app, sandbox } = await buildSandboxApp({
    appSecret: 'sandbox-test-secret',
    statusDelaysMs: { sent: 0, delivered: 0, read: 0 },
    failureRate: 0,
    replyRate: 0,
    webhookTransport: async () => 200,
  }));
});

afterEach(async () => {
  await app.close();
});

/** Sends order_confirmation ("Hi {{1}}, … order {{2}} will arrive on {{3}}.") with these body values. */
const sendOrder = (to: string, values: unknown[]) =>
  app.inject({
    method: 'POST',
    url: `/v23.0/${PNID}/messages`,
    headers: AUTH,
    payload: {
      messaging_product: 'whatsapp',
      to,
      type: 'template',
      template: {
        name: 'order_confirmation',
        language: { code: 'en_US' },
        components: [{ type: 'body', parameters: values.map((text) => ({ type: 'text', text })) }],
      },
    },
  });

describe('template text parameters at the sandbox', () => {
  it.each([
    ['a line break', 'Layla\nHaddad'],
    ['a tab', 'Layla\tHaddad'],
    ['five spaces in a row', 'Layla     Haddad'],
    ['an empty value', ''],
  ])('refuses %s as Meta does: 132018 with its details, and sends nothing', async (_case, value) => {
    const response = await sendOrder('971501234567', [value, 'DR-1', 'Monday']);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({
      code: 132018,
      message: '(#132018) There was an issue with the parameters in your template.',
      error_data: { messaging_product: 'whatsapp', details: 'Param text cannot have new-line/tab characters or more than 4 consecutive spaces' },
    });
    expect(sandbox.world.sends.countFor('971501234567')).toBe(0);
  });

  it('takes four spaces in a row, and records the text the customer reads', async () => {
    const response = await sendOrder('971501234568', ['Layla    Haddad', 'DR-1', 'Monday']);
    expect(response.statusCode).toBe(200);
    const [sent] = [...sandbox.world.sent.values()].filter((message) => message.to === '971501234568');
    expect(sent.text).toBe('Hi Layla    Haddad, thank you for shopping with Desert Rose Trading. Your order DR-1 will arrive on Monday.');
  });
});
