import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

test('API responses carry a strict CSP, nosniff, no-store and no framework banner', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/health' });
  const csp = String(response.headers['content-security-policy']);
  for (const directive of ["default-src 'self'", "script-src 'self'", "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) {
    expect(csp).toContain(directive);
  }
  expect(csp).not.toMatch(/script-src[^;]*unsafe/);
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['x-powered-by']).toBeUndefined();
});

test('health answers ok when the database answers', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ status: 'ok' });
});

test('an unknown API path answers 404 with an error body, not the web app', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/nothing-here?x=1' });
  expect(response.statusCode).toBe(404);
  expect(response.json()).toEqual({ error: 'No route for GET /api/nothing-here' });
});
