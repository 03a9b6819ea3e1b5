import { eq, sql } from 'drizzle-orm';
import { memberships, sessions } from '../../db/schema';
import { createTestApp, signIn, signUpAdmin, type TestApp } from '../../testing/test-app';
import { hashToken } from '../../lib/secret-tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const verify = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/api/auth/verify', headers: cookie ? { cookie } : {} });
const tokenOf = (cookie: string) => cookie.split('=')[1];

test('without a session the check answers 401 with an error body', async () => {
  const response = await verify();
  expect(response.statusCode).toBe(401);
  expect(response.json()).toEqual({ error: 'Not signed in' });
});

test('the database stores only a hash of the session token', async () => {
  const admin = await signUpAdmin(t.app);
  const token = tokenOf(admin.cookie);
  const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, admin.user.userId));
  expect(rows.map((r) => r.id)).toContain(hashToken(token));
  expect(JSON.stringify(rows)).not.toContain(token);
});

test('logout destroys the session: replaying the old cookie answers 401', async () => {
  const admin = await signUpAdmin(t.app);
  const response = await admin.request({ method: 'POST', url: '/api/auth/logout' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['clear-site-data']).toBe('"cookies"');
  expect(response.cookies.find((c) => c.name === 'parley_session')?.value).toBe('');
  expect((await verify(admin.cookie)).statusCode).toBe(401);
});

test('logout ends only that session; the same user signed in elsewhere stays signed in', async () => {
  const admin = await signUpAdmin(t.app);
  const laptop = await signIn(t.app, admin.email);
  await admin.request({ method: 'POST', url: '/api/auth/logout' });
  expect((await verify(laptop.cookie)).statusCode).toBe(200);
});

async function ageSession(cookie: string, { idleMinutes = 0, expiresInMinutes }: { idleMinutes?: number; expiresInMinutes?: number }) {
  const id = hashToken(tokenOf(cookie));
  await t.database.db
    .update(sessions)
    .set({
      lastSeenAt: sql`now() - make_interval(mins => ${idleMinutes})`,
      ...(expiresInMinutes === undefined ? {} : { expiresAt: sql`now() + make_interval(mins => ${expiresInMinutes})` }),
    })
    .where(eq(sessions.id, id));
}

test('a session idle for 30 minutes is over', async () => {
  const admin = await signUpAdmin(t.app);
  await ageSession(admin.cookie, { idleMinutes: 29 });
  expect((await verify(admin.cookie)).statusCode).toBe(200);
  await ageSession(admin.cookie, { idleMinutes: 31 });
  expect((await verify(admin.cookie)).statusCode).toBe(401);
});

test('activity extends the idle limit but never the absolute 12-hour lifetime', async () => {
  const admin = await signUpAdmin(t.app);
  await ageSession(admin.cookie, { idleMinutes: 20 });
  expect((await verify(admin.cookie)).statusCode).toBe(200);
  // The request above counted as activity: the session is no longer 20 minutes idle.
  const [row] = await t.database.db.select().from(sessions).where(eq(sessions.id, hashToken(tokenOf(admin.cookie))));
  expect(Date.now() - row.lastSeenAt.getTime()).toBeLessThan(60_000);

  await ageSession(admin.cookie, { idleMinutes: 0, expiresInMinutes: -1 });
  expect((await verify(admin.cookie)).statusCode).toBe(401);
});

test('a member removed from the organization is refused at the next request', async () => {
  const admin = await signUpAdmin(t.app);
  await t.database.db.delete(memberships).where(eq(memberships.userId, admin.user.userId));
  expect((await admin.request({ method: 'GET', url: '/api/analytics' })).statusCode).toBe(401);
});

test('a forged or truncated cookie is just "not signed in"', async () => {
  const admin = await signUpAdmin(t.app);
  expect((await verify(`parley_session=${tokenOf(admin.cookie).slice(0, -1)}`)).statusCode).toBe(401);
  expect((await verify('parley_session=%%%')).statusCode).toBe(401);
});
