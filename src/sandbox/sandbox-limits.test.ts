/** @jest-environment node */
import { request as httpRequest } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { DEMO_BUSINESS } from './fixtures';
import { buildSandboxApp } from './sandbox-plugin';

const AUTH = { authorization: `Bearer ${DEMO_BUSINESS.accessToken}` };
const PNID = DEMO_BUSINESS.phoneNumberId;

let app: FastifyInstance;
let port: number;

beforeAll(async () => {
  ({ app } = await buildSandboxApp({ appSecret: 'sandbox-limits-secret', webhookTransport: async () => 200 }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

afterAll(() => app.close());

/**
 * Sends only the headers of a request announcing a body of `declaredBytes`, and resolves with the
 * status the server answers before any of that body is sent (or rejects after `waitMs`).
 */
function answerBeforeBody(path: string, headers: Record<string, string>, declaredBytes: number, waitMs = 5_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, method: 'POST', path, headers: { ...headers, 'content-length': String(declaredBytes) } });
    const timer = setTimeout(() => {
      request.destroy();
      reject(new Error('the server waited for the body'));
    }, waitMs);
    request.on('response', (response) => {
      clearTimeout(timer);
      response.resume();
      request.destroy();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', () => undefined);
    request.flushHeaders();
  });
}

describe('the sandbox bounds what it reads', () => {
  it('refuses an upload without a token from its headers alone, without reading the body', async () => {
    const status = await answerBeforeBody(`/v23.0/${PNID}/media`, { 'content-type': 'multipart/form-data; boundary=x' }, 100 * 1024 * 1024);
    expect(status).toBe(401);
  });

  it('refuses a body larger than a media upload allows, before reading it', async () => {
    const status = await answerBeforeBody(`/v23.0/${PNID}/media`, { ...AUTH, 'content-type': 'multipart/form-data; boundary=x' }, 200 * 1024 * 1024);
    expect(status).toBe(413);
  });

  it('takes only small JSON bodies on every other Graph path', async () => {
    const text = 'x'.repeat(300 * 1024);
    const response = await app.inject({
      method: 'POST',
      url: `/v23.0/${PNID}/messages`,
      headers: AUTH,
      payload: { messaging_product: 'whatsapp', to: '971501234567', type: 'text', text: { body: text } },
    });
    expect(response.statusCode).toBe(413);
  });

  it('still accepts a media upload of a few megabytes', async () => {
    const boundary = 'sandboxlimits';
    const bytes = Buffer.alloc(3 * 1024 * 1024, 0xff);
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="messaging_product"\r\n\r\nwhatsapp\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\nimage/jpeg\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const response = await app.inject({
      method: 'POST',
      url: `/v23.0/${PNID}/media`,
      headers: { ...AUTH, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().id).toMatch(/^\d+$/);
  });
});
