import type { Contact } from '@shared/api/contacts';
import { createAppWithAdmin, signUpAdmin, type Member, type TestApp } from '../testing/test-app';

let t: TestApp;
let admin: Member;
beforeAll(async () => ({ t, admin } = await createAppWithAdmin()));
afterAll(() => t.close());

const logout = (headers: Record<string, string>) => admin.request({ method: 'POST', url: '/api/auth/logout', headers });

test('a state-changing request from a foreign Origin is refused with 403 and does nothing', async () => {
  const response = await logout({ origin: 'https://evil.example' });
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({ error: 'Cross-site request refused' });
  expect((await admin.request({ method: 'GET', url: '/api/auth/verify' })).statusCode).toBe(200);
});

test('a browser-marked cross-site request is refused even without an Origin header', async () => {
  expect((await logout({ 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
});

test('a cross-site sign-in attempt is refused too (login CSRF)', async () => {
  const response = await t.app.inject({
    method: 'POST', url: '/api/auth/login', headers: { origin: 'https://evil.example' },
    payload: { email: admin.email, password: admin.password },
  });
  expect(response.statusCode).toBe(403);
});

test('the product’s own origin and same-origin requests pass', async () => {
  const other = await signUpAdmin(t.app);
  const fromPublicUrl = await other.request({ method: 'POST', url: '/api/auth/logout', headers: { origin: 'http://localhost:3000' } });
  expect(fromPublicUrl.statusCode).toBe(200);
  const again = await signUpAdmin(t.app);
  const sameSite = await again.request({ method: 'POST', url: '/api/auth/logout', headers: { 'sec-fetch-site': 'same-origin' } });
  expect(sameSite.statusCode).toBe(200);
});

test('reads are never refused for their origin (they change nothing)', async () => {
  const response = await admin.request({ method: 'GET', url: '/api/auth/verify', headers: { origin: 'https://evil.example' } });
  expect(response.statusCode).toBe(200);
});

test('a GET that creates a conversation is refused cross-site, and repeating it answers the same conversation', async () => {
  const created = await admin.request({ method: 'POST', url: '/api/contacts', payload: { name: 'Cross Site', countryCode: '+971', phoneNumber: '501112233' } });
  const contactId = created.json<Contact>().id;
  const url = `/api/conversations/contact/${contactId}`;
  const refused = await admin.request({ method: 'GET', url, headers: { 'sec-fetch-site': 'cross-site' } });
  expect(refused.statusCode).toBe(403);
  expect((await admin.request({ method: 'GET', url, headers: { origin: 'https://evil.example' } })).statusCode).toBe(403);
  const first = await admin.request({ method: 'GET', url, headers: { 'sec-fetch-site': 'same-origin' } });
  const second = await admin.request({ method: 'GET', url });
  expect(first.statusCode).toBe(200);
  expect(second.json().conversationId).toBe(first.json().conversationId);
});
