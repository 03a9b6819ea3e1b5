/** @jest-environment node */
import type { AccountSessionsResponse } from '@shared/api/account';
import { appWithAdminForFile, signIn, signUpAdmin, TEST_PASSWORD, type Member } from '../../testing/test-app';

const file = appWithAdminForFile();

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

const verify = (member: Member) => member.request({ method: 'GET', url: '/api/auth/verify' });
const sessionsOf = async (member: Member) => {
  const response = await member.request({ method: 'GET', url: '/api/auth/sessions' });
  expect(response.statusCode).toBe(200);
  return response.json<AccountSessionsResponse>().sessions;
};

async function signInWith(email: string, userAgent: string, password = TEST_PASSWORD): Promise<Member> {
  const response = await file.t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    headers: { 'user-agent': userAgent },
    payload: { email, password },
  });
  expect(response.statusCode).toBe(200);
  const cookie = response.cookies.find((c) => c.name === 'parley_session')!;
  const header = `${cookie.name}=${cookie.value}`;
  return {
    user: response.json().user,
    cookie: header,
    email,
    password,
    request: (options) => file.t.app.inject({ ...options, headers: { ...options.headers, cookie: header } }),
  };
}

describe('name', () => {
  test('a member changes their name and the session shows the new one', async () => {
    const member = await signUpAdmin(file.t.app);
    const response = await member.request({ method: 'PUT', url: '/api/auth/profile', payload: { name: '  Grace Hopper ' } });
    expect(response.statusCode).toBe(200);
    expect((await verify(member)).json().user.name).toBe('Grace Hopper');
  });

  test('a name the account rule refuses is a 400 with its message, and the old name stays', async () => {
    const member = await signUpAdmin(file.t.app, { name: 'Ada Admin' });
    const response = await member.request({ method: 'PUT', url: '/api/auth/profile', payload: { name: 'R2-D2' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Name can only contain letters and spaces');
    expect((await verify(member)).json().user.name).toBe('Ada Admin');
  });

  test('signed out, the profile cannot be changed', async () => {
    const response = await file.t.app.inject({ method: 'PUT', url: '/api/auth/profile', payload: { name: 'Someone Else' } });
    expect(response.statusCode).toBe(401);
  });
});

describe('password change', () => {
  test('needs the current password; then the new one signs in, the old one does not, and only this session stays', async () => {
    const member = await signUpAdmin(file.t.app);
    const laptop = await signIn(file.t.app, member.email);

    const wrong = await member.request({
      method: 'PUT',
      url: '/api/auth/password',
      payload: { currentPassword: 'NotMine123', newPassword: 'Brand1New' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('Current password is incorrect');
    expect((await verify(laptop)).statusCode).toBe(200);

    const changed = await member.request({
      method: 'PUT',
      url: '/api/auth/password',
      payload: { currentPassword: TEST_PASSWORD, newPassword: 'Brand1New' },
    });
    expect(changed.statusCode).toBe(200);
    expect((await verify(member)).statusCode).toBe(200);
    expect((await verify(laptop)).statusCode).toBe(401);

    const oldLogin = await file.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: member.email, password: TEST_PASSWORD } });
    expect(oldLogin.statusCode).toBe(401);
    await expect(signIn(file.t.app, member.email, 'Brand1New')).resolves.toBeDefined();
  });

  test.each([
    [{ currentPassword: '', newPassword: 'Brand1New' }, 'Current password is required'],
    [{ currentPassword: TEST_PASSWORD, newPassword: 'short1A' }, 'Password must be at least 8 characters'],
    [{ currentPassword: TEST_PASSWORD, newPassword: 'alllowercase1' }, 'Password must contain at least one uppercase letter'],
    [{ currentPassword: TEST_PASSWORD, newPassword: 'NoNumbersHere' }, 'Password must contain at least one number'],
  ])('%j is refused: %s, and the password stays', async (payload, message) => {
    const member = await signUpAdmin(file.t.app);
    const response = await member.request({ method: 'PUT', url: '/api/auth/password', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(message);
    await expect(signIn(file.t.app, member.email)).resolves.toBeDefined();
  });

  test('guessing the current password through a session is throttled', async () => {
    const member = await signUpAdmin(file.t.app);
    const guess = (n: number) =>
      member.request({ method: 'PUT', url: '/api/auth/password', payload: { currentPassword: `Guess${n}abc`, newPassword: 'Brand1New' } });
    for (let n = 0; n < 5; n += 1) expect((await guess(n)).statusCode).toBe(400);
    const refused = await guess(5);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('sessions', () => {
  test('the list names each browser, when it was last used, and which one is asking', async () => {
    const member = await signUpAdmin(file.t.app);
    const firefox = await signInWith(member.email, FIREFOX_LINUX);
    await signInWith(member.email, SAFARI_IPHONE);

    const sessions = await sessionsOf(firefox);
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((session) => session.current)).toEqual([expect.objectContaining({ device: 'Firefox on Linux' })]);
    expect(sessions.map((session) => session.device)).toEqual(expect.arrayContaining(['Safari on iOS', 'Unknown device']));
    for (const session of sessions) expect(Date.parse(session.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
  });

  test('a member signs out one other session, and that browser is signed out', async () => {
    const member = await signUpAdmin(file.t.app);
    const phone = await signInWith(member.email, SAFARI_IPHONE);
    const phoneSession = (await sessionsOf(member)).find((session) => session.device === 'Safari on iOS')!;

    const response = await member.request({ method: 'DELETE', url: `/api/auth/sessions/${phoneSession.id}` });
    expect(response.statusCode).toBe(200);
    expect((await verify(phone)).statusCode).toBe(401);
    expect((await verify(member)).statusCode).toBe(200);
    expect((await sessionsOf(member)).map((session) => session.id)).not.toContain(phoneSession.id);
  });

  test("another member's session is not found, and stays signed in", async () => {
    const member = await signUpAdmin(file.t.app);
    const stranger = await signUpAdmin(file.t.app);
    const [strangerSession] = await sessionsOf(stranger);
    const response = await member.request({ method: 'DELETE', url: `/api/auth/sessions/${strangerSession.id}` });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('Session not found');
    expect((await verify(stranger)).statusCode).toBe(200);
    expect((await member.request({ method: 'DELETE', url: '/api/auth/sessions/not-a-session' })).statusCode).toBe(404);
  });

  test('signing out every other session keeps this one', async () => {
    const member = await signUpAdmin(file.t.app);
    const laptop = await signIn(file.t.app, member.email);
    const phone = await signInWith(member.email, SAFARI_IPHONE);

    expect((await member.request({ method: 'DELETE', url: '/api/auth/sessions' })).statusCode).toBe(400);
    const response = await member.request({ method: 'DELETE', url: '/api/auth/sessions?others=true' });
    expect(response.statusCode).toBe(200);
    expect((await verify(laptop)).statusCode).toBe(401);
    expect((await verify(phone)).statusCode).toBe(401);
    expect((await sessionsOf(member)).map((session) => session.current)).toEqual([true]);
  });
});
