/** @jest-environment node */
import { mountBuiltInSandbox } from '@sandbox/mount';
import { loadConfig } from '../config';
import { createTestApp, signUpAdmin, TEST_PASSWORD, type TestApp } from '../testing/test-app';

/**
 * Parley behind one reverse proxy (TRUST_PROXY=1), the proxy on this machine: every request reaches
 * Parley from 127.0.0.1, and the proxy appends the address it saw to X-Forwarded-For. What the client
 * wrote into that header itself must change nothing.
 */
const PROXY = '127.0.0.1';
let t: TestApp;
beforeAll(async () => {
  const behindProxy = loadConfig({ TRUST_PROXY: '1' });
  t = await createTestApp({ trustProxy: behindProxy.trustProxy }, {
    extraRoutes: (app) => void mountBuiltInSandbox(app, { ...app.config, whatsappAppSecret: 'client-address-test', sandboxCustomers: false }),
  });
});
afterAll(() => t.close());

const throughProxy = (forwardedFor: string) => ({ remoteAddress: PROXY, headers: { 'x-forwarded-for': forwardedFor } });

const login = (email: string, password: string, forwardedFor: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, ...throughProxy(forwardedFor) });

test('rotating a forged leftmost X-Forwarded-For does not escape the sign-in limit', async () => {
  const admin = await signUpAdmin(t.app);
  for (let i = 1; i <= 5; i += 1) {
    expect((await login(admin.email, 'Wrong1234', `198.51.100.${i}, 203.0.113.7`)).statusCode).toBe(401);
  }
  const blocked = await login(admin.email, TEST_PASSWORD, '198.51.100.99, 203.0.113.7');
  expect(blocked.statusCode).toBe(429);
  // Another client behind the same proxy is another address: the limit is not the proxy's.
  expect((await login(admin.email, TEST_PASSWORD, '203.0.113.8')).statusCode).toBe(200);
});

test("the sandbox's loopback-only controls refuse a request forwarded from elsewhere, whatever it claims", async () => {
  const control = (options: object) => t.app.inject({ method: 'GET', url: '/sandbox/graph/_sandbox/pending', ...options });
  expect((await control({ remoteAddress: PROXY })).statusCode).toBe(200);
  const forged = await control(throughProxy('127.0.0.1, 203.0.113.9'));
  expect(forged.statusCode).toBe(403);
  // Forwarded at all means it came through a proxy, so not from this machine, even "from" loopback.
  expect((await control(throughProxy('127.0.0.1'))).statusCode).toBe(403);
});

test("the built-in sandbox's Graph API answers only Parley itself: a request from elsewhere is refused from its headers", async () => {
  const upload = (options: object) => t.app.inject({
    method: 'POST',
    url: '/sandbox/graph/v23.0/123456789012345/media',
    headers: { authorization: 'Bearer EAAGsandboxprobe0000000000', 'content-type': 'application/json', ...('headers' in options ? options.headers as object : {}) },
    payload: { messaging_product: 'whatsapp' },
    ...('remoteAddress' in options ? { remoteAddress: options.remoteAddress as string } : {}),
  });
  for (const fromElsewhere of [{ remoteAddress: '203.0.113.10' }, throughProxy('203.0.113.10')]) {
    const refused = await upload(fromElsewhere);
    expect({ status: refused.statusCode, code: refused.json<{ error: { code: number } }>().error.code }).toEqual({ status: 403, code: 10 });
  }
  // Parley's own call, over loopback, reaches the Graph routes (which then judge the request itself).
  expect((await upload({ remoteAddress: '127.0.0.1' })).statusCode).not.toBe(403);
});
