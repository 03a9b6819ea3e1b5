import { createAppWithAdmin, type Member, type TestApp } from './testing/test-app';

/**
 * A small API fuzz test: every API route, called by an Admin with malformed input, answers a 4xx with an
 * error body, never a 5xx. The route table comes from the app itself, so routes added later are covered
 * without touching this file.
 */
let t: TestApp;
let admin: Member;
beforeAll(async () => ({ t, admin } = await createAppWithAdmin()));
afterAll(() => t.close());

// Field names the API uses, each given a value of the wrong shape.
const FIELDS = [
  'name', 'email', 'password', 'organizationName', 'inviteToken', 'content', 'countryCode', 'phoneNumber', 'tagIds',
  'color', 'tagName', 'status', 'roleId', 'permissions', 'description', 'accessToken', 'phoneNumberId',
  'businessAccountId', 'webhookVerifyToken', 'templateId', 'parameters', 'contactIds', 'assignToUserId', 'note',
  'clientId', 'rules', 'broadcastId', 'id',
];
const JUNK_BODIES: unknown[] = [
  [],
  'just text',
  42,
  Object.fromEntries(FIELDS.map((f) => [f, { $ne: null }])),
  Object.fromEntries(FIELDS.map((f) => [f, ['a', { b: 1 }]])),
  Object.fromEntries(FIELDS.map((f) => [f, 1e308])),
  Object.fromEntries(FIELDS.map((f) => [f, 'x'.repeat(20_000)])),
];
const JUNK_IDS = ['not-a-uuid', '00000000-0000-0000-0000-000000000000', "1' or '1'='1", '%00'];
const JUNK_QUERIES = ['?page=-1&limit=abc', '?page=1e9&limit=1e9', '?status[]=x&q[a]=b', '?q=%27%3B%20select%20pg_sleep(1)%3B--'];

// Signing out mid-test would end the session every other call needs.
const SKIP = new Set(['POST /api/auth/logout']);

test('no API route answers 5xx to malformed input', async () => {
  const failures: string[] = [];
  const routes = t.app.routeAccess.filter((r) => !SKIP.has(`${r.method} ${r.url}`) && !r.url.includes('webhooks'));
  expect(routes.length).toBeGreaterThan(10);

  for (const route of routes) {
    const urls = route.url.includes(':')
      ? JUNK_IDS.map((id) => route.url.replace(/:[A-Za-z]+/g, encodeURIComponent(id)))
      : JUNK_QUERIES.map((query) => `${route.url}${query}`);
    for (const url of urls) {
      const bodies = route.method === 'GET' || route.method === 'DELETE' ? [undefined] : JUNK_BODIES;
      for (const body of bodies) {
        const response = await admin.request({
          method: route.method as 'POST',
          url,
          ...(body === undefined ? {} : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
        });
        if (response.statusCode >= 500) failures.push(`${route.method} ${url} ${JSON.stringify(body)?.slice(0, 60)} → ${response.statusCode} ${response.body.slice(0, 120)}`);
        else if (response.statusCode >= 400 && typeof response.json().error !== 'string') failures.push(`${route.method} ${url} → ${response.statusCode} without an error message`);
      }
    }
  }
  expect(failures).toEqual([]);
});
