import { createTestApp, sessionCookieFrom, signUpAdmin, TEST_PASSWORD, uniqueEmail, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const login = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload, headers });

test('signs in with the right password and answers the session user', async () => {
  const admin = await signUpAdmin(t.app, { name: 'Karim Admin' });
  const response = await login({ email: admin.email, password: TEST_PASSWORD });
  expect(response.statusCode).toBe(200);
  expect(response.json().user).toMatchObject({ name: 'Karim Admin', email: admin.email, organization: { role: { name: 'Admin' } } });
  const verify = await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: { cookie: sessionCookieFrom(response) } });
  expect(verify.json().user.userId).toBe(admin.user.userId);
});

test('the e-mail is matched case-insensitively and trimmed', async () => {
  const admin = await signUpAdmin(t.app);
  const response = await login({ email: `  ${admin.email.toUpperCase()} `, password: TEST_PASSWORD });
  expect(response.statusCode).toBe(200);
});

test('a wrong password and an unknown e-mail get the same answer (no account enumeration)', async () => {
  const admin = await signUpAdmin(t.app);
  const wrongPassword = await login({ email: admin.email, password: 'Wrong1234' });
  const unknown = await login({ email: uniqueEmail('nobody'), password: 'Wrong1234' });
  expect(wrongPassword.statusCode).toBe(401);
  expect(unknown.statusCode).toBe(401);
  expect(wrongPassword.json()).toEqual({ error: 'Invalid email or password' });
  expect(unknown.json()).toEqual(wrongPassword.json());
  expect(wrongPassword.cookies).toHaveLength(0);
});

test.each([
  [{ email: '', password: 'x' }, 'Email is required'],
  [{ email: 'nope', password: 'x' }, 'Please enter a valid email address'],
  [{ email: 'a@b.co', password: '' }, 'Password is required'],
])('answers 400 for %j with "%s"', async (payload, message) => {
  const response = await login(payload);
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ error: message });
});

test('signing in rotates the session: the cookie the browser carried before stops working', async () => {
  const admin = await signUpAdmin(t.app);
  const fresh = await login({ email: admin.email, password: TEST_PASSWORD }, { cookie: admin.cookie });
  const newCookie = sessionCookieFrom(fresh);
  expect(newCookie).not.toBe(admin.cookie);
  expect((await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: { cookie: admin.cookie } })).statusCode).toBe(401);
  expect((await t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: { cookie: newCookie } })).statusCode).toBe(200);
});

test('session tokens are unique 256-bit random values', async () => {
  const admin = await signUpAdmin(t.app);
  const cookies = new Set<string>();
  for (let i = 0; i < 20; i += 1) cookies.add(sessionCookieFrom(await login({ email: admin.email, password: TEST_PASSWORD })));
  expect(cookies.size).toBe(20);
  for (const cookie of cookies) expect(cookie).toMatch(/^parley_session=[A-Za-z0-9_-]{43}$/);
});

test('an object where the e-mail belongs is a 400, never a 500', async () => {
  const response = await login({ email: { $ne: null }, password: 'x' });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ error: 'Email must be text' });
});
