import { noQuery } from '@shared/validation/route-input';
import { createTestApp, type TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, {
    extraRoutes: (app) =>
      app.get('/api/test/explode', { config: { access: 'public' }, schema: { querystring: noQuery } }, async () => {
        throw new Error('secret internals: password=hunter2 at db.query');
      }),
  });
});
afterAll(async () => {
  await t.close();
});

test('an unexpected failure answers 500 with a generic message and a request id, never the internals', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/api/test/explode' });
  expect(response.statusCode).toBe(500);
  const body = response.json();
  expect(Object.keys(body).sort()).toEqual(['error', 'requestId']);
  expect(body.error).toBe('Something went wrong on our side. Please try again.');
  expect(response.body).not.toContain('hunter2');
});
