import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { DatabaseHandle } from '../db/database';
import { openTestDatabase } from '../testing/test-database';
import { createInvitation, roleIdByName } from '../testing/fixtures';
import { sessionCookieFrom, TEST_PASSWORD, uniqueEmail, type TestApp } from '../testing/test-app';

/** Runs `work` against the whole app logging at trace level; answers everything it logged. */
async function logsOf(work: (app: FastifyInstance, database: DatabaseHandle) => Promise<void>): Promise<string> {
  const lines: string[] = [];
  const stream = new Writable({ write(chunk, _encoding, done) { lines.push(String(chunk)); done(); } });
  const database = await openTestDatabase();
  const app = await buildApp({ ...loadConfig({ SEED_DEMO: '0' }), clientDir: '/nonexistent' }, { database, logger: { level: 'trace', stream } });
  // Code that logs a request's raw headers (a debugging line, a plugin) gets them redacted too.
  app.get('/logs-headers', async (request) => {
    request.log.info({ headers: request.headers }, 'headers');
    return 'logged';
  });
  await app.ready();
  try {
    await work(app, database);
    return lines.join('');
  } finally {
    await app.close();
    await database.close();
  }
}

// Logs travel further than the database: session cookies, passwords and invitation tokens never reach a log line.
test('request logs carry neither cookies, passwords nor invitation tokens', async () => {
  let token = '';
  let cookie = '';
  const log = await logsOf(async (app, database) => {
    const email = uniqueEmail('logged');
    const signup = await app.inject({
      method: 'POST', url: '/api/auth/signup', payload: { name: 'Log Watcher', email, password: TEST_PASSWORD, organizationName: 'Logs Inc' },
    });
    cookie = sessionCookieFrom(signup);
    await app.inject({ method: 'GET', url: '/api/auth/verify', headers: { cookie } });

    const t = { app, database, close: async () => {} } satisfies TestApp;
    const organizationId = signup.json().user.organization.organizationId;
    token = await createInvitation(t, { organizationId, roleId: await roleIdByName(t, organizationId, 'Agent'), email: uniqueEmail('inv') });
    await app.inject({ method: 'GET', url: `/api/auth/invitation/${token}` });
  });
  expect(log).toContain('/api/auth/invitation/[redacted]');
  expect(log).not.toContain(token);
  expect(log).not.toContain(cookie.split('=')[1]);
  expect(log).not.toContain(TEST_PASSWORD);
});

// One rule for every secret-bearing query parameter and header, whatever its case or URL encoding.
test('request logs carry no secret from a query parameter or header', async () => {
  const secrets = Array.from({ length: 9 }, (_, i) => `s3cret${i}value`);
  const log = await logsOf(async (app) => {
    await app.inject({ method: 'GET', url: `/api/webhooks/whatsapp?hub.mode=subscribe&hub.verify_token=${secrets[0]}&hub.challenge=7` });
    await app.inject({
      method: 'GET',
      url: '/logs-headers',
      headers: { authorization: `Bearer ${secrets[6]}`, cookie: `parley_session=${secrets[7]}`, 'x-hub-signature-256': `sha256=${secrets[8]}` },
    });
    await app.inject({
      method: 'GET',
      url: `/api/health?TOKEN=${secrets[1]}&access_token=${secrets[2]}&code=${secrets[3]}&Password=${secrets[4]}&hub%2Everify_token=${secrets[5]}&page=2`,
      headers: { authorization: `Bearer ${secrets[6]}`, cookie: `parley_session=${secrets[7]}`, 'x-hub-signature-256': `sha256=${secrets[8]}` },
    });
  });
  for (const secret of secrets) expect(log).not.toContain(secret);
  expect(log).toContain('hub.mode=subscribe');
  expect(log).toContain('hub.verify_token=[redacted]');
  expect(log).toContain('page=2');
  expect(log).toContain('"authorization":"[redacted]"');
});
