/** @jest-environment node */
import { Writable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import type { PasswordResetLinkResponse } from '@shared/api/account';
import { ROLE_TEMPLATES } from '@shared/permissions/role-templates';
import { RESET_LINK_INVALID } from '@shared/validation/account-changes';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { mailOutbox, passwordResets } from '../../db/schema';
import { hashToken } from '../../lib/secret-tokens';
import { openTestDatabase } from '../../testing/test-database';
import { addMember, addMemberWith, roleIdByName } from '../../testing/fixtures';
import {
  appWithAdminForFile,
  createTestApp,
  signIn,
  signUpAdmin,
  TEST_PASSWORD,
  uniqueEmail,
  type Member,
} from '../../testing/test-app';
import { memberIdOf } from '../members/team-fixtures';
import { RESET_MAIL_ON_ITS_WAY, RESET_NEEDS_A_TEAMMATE } from './password-reset-service';

// Each reset request answers no sooner than its floor, and two apps start in this file.
jest.setTimeout(60_000);

const CHAT_AGENT = ROLE_TEMPLATES.find((template) => template.id === 'chat-agent')!.permissions;

const file = appWithAdminForFile();

const verify = (member: Member) => member.request({ method: 'GET', url: '/api/auth/verify' });
const tokenOf = (link: string) => link.split('/reset-password/')[1];
const requestReset = (email: string, remoteAddress = '127.0.0.1') =>
  file.t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email }, remoteAddress });
const confirm = (token: string, password: string) =>
  file.t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password } });

async function resetLinkFor(actor: Member, member: Member): Promise<string> {
  const response = await actor.request({ method: 'POST', url: `/api/members/${await memberIdOf(actor, member.user.userId)}/password-reset` });
  expect(response.statusCode).toBe(201);
  return response.json<PasswordResetLinkResponse>().link;
}

async function agentOfTheAdmin(): Promise<Member> {
  return addMember(file.t, file.organizationId, await roleIdByName(file.t, file.organizationId, 'Agent'));
}

describe('asking for a reset', () => {
  test('without SMTP the answer is the same for an account and an unknown address, and says whom to ask', async () => {
    const known = await requestReset(file.admin.email);
    const unknown = await requestReset(uniqueEmail('nobody'));
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual({ message: RESET_NEEDS_A_TEAMMATE });
    expect(unknown.json()).toEqual(known.json());
  });

  test('with SMTP a mail to the account is queued, none to an unknown address, and both answers are the same', async () => {
    const t = await createTestApp({ smtpUrl: 'smtp://127.0.0.1:9', mailRetryBaseMs: 3_600_000 });
    try {
      const member = await signUpAdmin(t.app);
      const stranger = uniqueEmail('stranger');
      const ask = (email: string) => t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email } });
      const known = await ask(member.email.toUpperCase());
      const unknown = await ask(stranger);
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual({ message: RESET_MAIL_ON_ITS_WAY });
      expect(unknown.json()).toEqual(known.json());
      expect(known.headers['content-length']).toBe(unknown.headers['content-length']);

      const queued = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'password-reset'));
      expect(queued.map((mail) => mail.recipient)).toEqual([member.email]);
      // The link travels encrypted: no body and no column holds a usable token.
      const [stored] = await t.database.db.select().from(passwordResets);
      expect(JSON.stringify(queued)).not.toMatch(/reset-password\/[A-Za-z0-9_-]{20,}/);
      expect(stored.id).toMatch(/^[0-9a-f]{64}$/);
    } finally {
      await t.close();
    }
  });

  test('requests are throttled per address asked about, known or not', async () => {
    const email = uniqueEmail('flooded');
    for (let n = 0; n < 5; n += 1) expect((await requestReset(email, '10.1.0.1')).statusCode).toBe(200);
    const refused = await requestReset(email, '10.1.0.2');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toBe('Too many password reset requests. Please try again later.');
  });

  test('requests are throttled per client address', async () => {
    for (let n = 0; n < 20; n += 1) expect((await requestReset(uniqueEmail('probe'), '10.2.0.1')).statusCode).toBe(200);
    expect((await requestReset(uniqueEmail('probe'), '10.2.0.1')).statusCode).toBe(429);
    expect((await requestReset(uniqueEmail('probe'), '10.2.0.2')).statusCode).toBe(200);
  });

  test('an address that is no address is a 400 with its message', async () => {
    const response = await requestReset('not-an-address');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Please enter a valid email address');
  });
});

describe('setting the new password', () => {
  test('works once: the new password signs in, the old one and every old session stop working', async () => {
    const agent = await agentOfTheAdmin();
    const phone = await signIn(file.t.app, agent.email);
    const token = tokenOf(await resetLinkFor(file.admin, agent));

    const done = await confirm(token, 'Fresh1Start');
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe('Your password has been changed. Sign in with your new password.');
    expect((await verify(agent)).statusCode).toBe(401);
    expect((await verify(phone)).statusCode).toBe(401);
    const oldPassword = await file.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: agent.email, password: TEST_PASSWORD } });
    expect(oldPassword.statusCode).toBe(401);
    await expect(signIn(file.t.app, agent.email, 'Fresh1Start')).resolves.toBeDefined();

    const again = await confirm(token, 'Another1Try');
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe(RESET_LINK_INVALID);
    await expect(signIn(file.t.app, agent.email, 'Fresh1Start')).resolves.toBeDefined();
  });

  test('a link is stored only as its hash, and one older than an hour is refused', async () => {
    const agent = await agentOfTheAdmin();
    const token = tokenOf(await resetLinkFor(file.admin, agent));
    const [row] = await file.t.database.db.select().from(passwordResets).where(eq(passwordResets.id, hashToken(token)));
    expect(row.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(row.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);

    await file.t.database.db
      .update(passwordResets)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passwordResets.id, hashToken(token)));
    const response = await confirm(token, 'Fresh1Start');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(RESET_LINK_INVALID);
    expect((await verify(agent)).statusCode).toBe(200);
  });

  test('a password the rules refuse keeps the link usable', async () => {
    const agent = await agentOfTheAdmin();
    const token = tokenOf(await resetLinkFor(file.admin, agent));
    const weak = await confirm(token, 'weakpass');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toBe('Password must contain at least one uppercase letter');
    expect((await confirm(token, 'Strong1Pass')).statusCode).toBe(200);
  });

  test('a made-up token is refused like a used one', async () => {
    const response = await confirm('made-up-token', 'Strong1Pass');
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(RESET_LINK_INVALID);
  });

  test('clears the sign-in throttle that blocked the address from the client that reset it, not from others', async () => {
    const agent = await agentOfTheAdmin();
    const login = (password: string, remoteAddress: string) =>
      file.t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: agent.email, password }, remoteAddress });
    for (const address of ['10.7.0.1', '10.7.0.2']) {
      for (let n = 0; n < 5; n += 1) await login('Wrong1Guess', address);
      expect((await login(TEST_PASSWORD, address)).statusCode).toBe(429);
    }

    const token = tokenOf(await resetLinkFor(file.admin, agent));
    const done = await file.t.app.inject({
      method: 'POST',
      url: '/api/auth/password-reset/confirm',
      payload: { token, password: 'Unblocked1' },
      remoteAddress: '10.7.0.1',
    });
    expect(done.statusCode).toBe(200);
    expect((await login('Unblocked1', '10.7.0.1')).statusCode).toBe(200);
    expect((await login('Unblocked1', '10.7.0.2')).statusCode).toBe(429);
  });

  test('changing the password in the profile retires a reset link made before', async () => {
    const agent = await agentOfTheAdmin();
    const token = tokenOf(await resetLinkFor(file.admin, agent));
    await agent.request({ method: 'PUT', url: '/api/auth/password', payload: { currentPassword: TEST_PASSWORD, newPassword: 'Mine1Now' } });
    expect((await confirm(token, 'Strong1Pass')).statusCode).toBe(400);
  });
});

describe("a teammate's reset link", () => {
  test('an admin makes one for a member: a link to this server, valid for an hour', async () => {
    const agent = await agentOfTheAdmin();
    const response = await file.admin.request({
      method: 'POST',
      url: `/api/members/${await memberIdOf(file.admin, agent.user.userId)}/password-reset`,
    });
    expect(response.statusCode).toBe(201);
    const body = response.json<PasswordResetLinkResponse>();
    expect(body.link).toMatch(/^http:\/\/localhost:3000\/reset-password\/[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(59 * 60_000);
  });

  test('never for a member who holds permissions the maker lacks, nor for oneself', async () => {
    const supervisor = await addMemberWith(file.t, file.organizationId, ['members:view', 'members:edit_roles', ...CHAT_AGENT]);
    const adminId = await memberIdOf(file.admin, file.admin.user.userId);
    const forAdmin = await supervisor.request({ method: 'POST', url: `/api/members/${adminId}/password-reset` });
    expect(forAdmin.statusCode).toBe(403);
    expect(forAdmin.json().error).toBe('You cannot change a member who holds permissions you do not have');

    const forSelf = await file.admin.request({ method: 'POST', url: `/api/members/${adminId}/password-reset` });
    expect(forSelf.statusCode).toBe(403);
    expect(forSelf.json().error).toBe('Change your own password in your Profile');

    const agent = await agentOfTheAdmin();
    expect((await agent.request({ method: 'POST', url: `/api/members/${adminId}/password-reset` })).statusCode).toBe(403);
    const rows = await file.t.database.db.select().from(passwordResets).where(and(eq(passwordResets.userId, file.admin.user.userId)));
    expect(rows).toEqual([]);
  });

  test("another organization's member answers 404 like a missing one", async () => {
    const stranger = await signUpAdmin(file.t.app, { organizationName: 'Elsewhere' });
    const strangerId = await memberIdOf(stranger, stranger.user.userId);
    const response = await file.admin.request({ method: 'POST', url: `/api/members/${strangerId}/password-reset` });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toBe('Member not found');
  });
});

test('reset and email confirmation links never reach a log line, and their pages send no Referer', async () => {
  const lines: string[] = [];
  const stream = new Writable({ write(chunk, _encoding, done) { lines.push(String(chunk)); done(); } });
  const database = await openTestDatabase();
  const app = await buildApp({ ...loadConfig({ SEED_DEMO: '0' }), clientDir: '/nonexistent' }, { database, logger: { level: 'trace', stream } });
  try {
    await app.ready();
    const token = 'f'.repeat(43);
    const page = await app.inject({ method: 'GET', url: `/reset-password/${token}` });
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    await app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password: 'Strong1Pass' } });
    const emailToken = 'e'.repeat(43);
    const emailPage = await app.inject({ method: 'GET', url: `/confirm-email/${emailToken}` });
    expect(emailPage.headers['referrer-policy']).toBe('no-referrer');
    await app.inject({ method: 'POST', url: '/api/auth/email-change/confirm', payload: { token: emailToken } });
    const log = lines.join('');
    expect(log).toContain('/reset-password/[redacted]');
    expect(log).toContain('/confirm-email/[redacted]');
    expect(log).not.toContain(token);
    expect(log).not.toContain(emailToken);
  } finally {
    await app.close();
    await database.close();
  }
});
