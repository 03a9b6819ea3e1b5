import { eq, like, sql } from 'drizzle-orm';
import { authThrottle } from '../../db/schema';
import { createTestApp, signUpAdmin, TEST_PASSWORD, uniqueEmail, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    throttle: { loginFailuresBeforeDelay: 5, loginFailuresPerAccountHour: 12, loginFailuresPerIpDay: 30, signupsPerIpHour: 20 },
  });
});
afterAll(async () => {
  await t.close();
});

const login = (email: string, password: string, remoteAddress = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress });

async function fail(email: string, times: number, remoteAddress = '10.0.0.1') {
  for (let i = 0; i < times; i += 1) expect((await login(email, 'Wrong1234', remoteAddress)).statusCode).toBe(401);
}

test('after five failures from one address the account is refused there with 429 and Retry-After, even with the right password', async () => {
  const admin = await signUpAdmin(t.app);
  await fail(admin.email, 5, '10.0.0.2');
  const blocked = await login(admin.email, TEST_PASSWORD, '10.0.0.2');
  expect(blocked.statusCode).toBe(429);
  expect(blocked.json()).toEqual({ error: 'Too many sign-in attempts. Please wait a moment and try again.', code: 'RATE_LIMITED' });
  expect(Number(blocked.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  // The owner signing in from elsewhere, and other accounts from this address, are not locked out.
  expect((await login(admin.email, TEST_PASSWORD, '10.0.0.3')).statusCode).toBe(200);
  const other = await signUpAdmin(t.app);
  expect((await login(other.email, TEST_PASSWORD, '10.0.0.2')).statusCode).toBe(200);
});

test('40 parallel wrong sign-ins for one account from one address get at most five 401s, the rest 429', async () => {
  const admin = await signUpAdmin(t.app);
  const answers = await Promise.all(Array.from({ length: 40 }, () => login(admin.email, 'Wrong1234', '10.0.5.1')));
  const statuses = answers.map((answer) => answer.statusCode);
  expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(5);
  expect(statuses.filter((status) => status !== 401 && status !== 429)).toEqual([]);
  expect((await login(admin.email, TEST_PASSWORD, '10.0.5.1')).statusCode).toBe(429);
});

test('successful sign-ins count against no limit: an office behind one address keeps signing in', async () => {
  const admin = await signUpAdmin(t.app);
  // More successes from one address than it may make failures a day (30 here), and more than the account's hourly 12.
  for (let i = 0; i < 32; i += 1) expect((await login(admin.email, TEST_PASSWORD, '10.0.6.1')).statusCode).toBe(200);
  await fail(admin.email, 4, '10.0.6.1');
  expect((await login(admin.email, TEST_PASSWORD, '10.0.6.1')).statusCode).toBe(200);
});

test('the delay ends: after it the right password works and the counter starts again', async () => {
  const admin = await signUpAdmin(t.app);
  await fail(admin.email, 5, '10.0.1.1');
  expect((await login(admin.email, TEST_PASSWORD, '10.0.1.1')).statusCode).toBe(429);
  await t.database.db.update(authThrottle).set({ blockedUntil: sql`now() - interval '1 second'` })
    .where(like(authThrottle.key, `%${admin.email}%`));
  expect((await login(admin.email, TEST_PASSWORD, '10.0.1.1')).statusCode).toBe(200);
  const [row] = await t.database.db.select().from(authThrottle).where(eq(authThrottle.key, `login:${admin.email}|10.0.1.1`));
  expect(row).toBeUndefined();
});

test('the delay grows with each further failure', async () => {
  const admin = await signUpAdmin(t.app);
  await fail(admin.email, 5, '10.0.2.1');
  const first = Number((await login(admin.email, 'Wrong1234', '10.0.2.1')).headers['retry-after']);
  await t.database.db.update(authThrottle).set({ blockedUntil: null }).where(eq(authThrottle.key, `login:${admin.email}|10.0.2.1`));
  await fail(admin.email, 1, '10.0.2.1');
  const second = Number((await login(admin.email, 'Wrong1234', '10.0.2.1')).headers['retry-after']);
  expect(second).toBeGreaterThan(first);
});

test('an account takes a bounded number of failures per hour from all addresses together', async () => {
  const admin = await signUpAdmin(t.app);
  // Twelve failures spread over addresses, none of which reaches its own limit of five.
  for (const address of ['10.1.0.1', '10.1.0.2', '10.1.0.3']) await fail(admin.email, 4, address);
  expect((await login(admin.email, TEST_PASSWORD, '10.1.0.4')).statusCode).toBe(429);
});

test('one address cannot guess across many accounts without limit', async () => {
  for (let i = 0; i < 30; i += 1) await fail(uniqueEmail('spray'), 1, '10.2.0.1');
  const admin = await signUpAdmin(t.app);
  expect((await login(admin.email, TEST_PASSWORD, '10.2.0.1')).statusCode).toBe(429);
});

test('mass sign-up from one address is refused with 429', async () => {
  const signup = (i: number) => t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    remoteAddress: '10.3.0.1',
    payload: { name: 'Bulk Maker', email: uniqueEmail(`bulk${i}`), password: TEST_PASSWORD, organizationName: 'Bulk Org' },
  });
  for (let i = 0; i < 20; i += 1) expect((await signup(i)).statusCode).toBe(201);
  const refused = await signup(21);
  expect(refused.statusCode).toBe(429);
  expect(refused.json().code).toBe('RATE_LIMITED');
});
