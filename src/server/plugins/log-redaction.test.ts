import { Writable } from 'node:stream';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openTestDatabase } from '../testing/test-database';
import { createInvitation, roleIdByName } from '../testing/fixtures';
import { sessionCookieFrom, TEST_PASSWORD, uniqueEmail, type TestApp } from '../testing/test-app';

// Logs travel further than the database: session cookies, passwords and invitation tokens never reach a log line.
test('request logs carry neither cookies, passwords nor invitation tokens', async () => {
  const lines: string[] = [];
  const stream = new Writable({ write(chunk, _encoding, done) { lines.push(String(chunk)); done(); } });
  const database = await openTestDatabase();
  const app = await buildApp({ ...loadConfig({ SEED_DEMO: '0' }), clientDir: '/nonexistent' }, { database, logger: { level: 'trace', stream } });
  await app.ready();
  try {
    const email = uniqueEmail('logged');
    const signup = await app.inject({
      method: 'POST', url: '/api/auth/signup', payload: { name: 'Log Watcher', email, password: TEST_PASSWORD, organizationName: 'Logs Inc' },
    });
    const cookie = sessionCookieFrom(signup);
    await app.inject({ method: 'GET', url: '/api/auth/verify', headers: { cookie } });

    const t = { app, database, close: async () => {} } satisfies TestApp;
    const organizationId = signup.json().user.organization.organizationId;
    const token = await createInvitation(t, { organizationId, roleId: await roleIdByName(t, organizationId, 'Agent'), email: uniqueEmail('inv') });
    await app.inject({ method: 'GET', url: `/api/auth/invitation/${token}` });

    const log = lines.join('');
    expect(log).toContain('/api/auth/invitation/[redacted]');
    expect(log).not.toContain(token);
    expect(log).not.toContain(cookie.split('=')[1]);
    expect(log).not.toContain(TEST_PASSWORD);
  } finally {
    await app.close();
    await database.close();
  }
});
