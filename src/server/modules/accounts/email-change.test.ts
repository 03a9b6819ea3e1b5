/** @jest-environment node */
import { eq, sql } from 'drizzle-orm';
import type { EmailChangeStatus } from '@shared/api/account';
import { EMAIL_CHANGE_LINK_INVALID } from '@shared/validation/account-changes';
import { emailChanges } from '../../db/schema';
import { hashToken } from '../../lib/secret-tokens';
import { linkIn, startSmtpTestServer, type ReceivedMail, type SmtpTestServer } from '../../testing/smtp-test-server';
import { createTestApp, signIn, signUpAdmin, TEST_PASSWORD, uniqueEmail, type Member, type TestApp } from '../../testing/test-app';
import { EMAIL_CHANGE_NEEDS_EMAIL, EMAIL_IN_USE, EMAIL_UNCHANGED, emailChanged, emailChangeRequested } from './email-change-service';

const PUBLIC_URL = 'http://localhost:3000';
const CONFIRM_LINK = `${PUBLIC_URL}/confirm-email/`;

let smtp: SmtpTestServer;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  t = await createTestApp({ smtpUrl: smtp.url, mailRetryBaseMs: 100 });
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const ask = (member: Member, newEmail: string, currentPassword = TEST_PASSWORD) =>
  member.request({ method: 'POST', url: '/api/auth/email-change', payload: { newEmail, currentPassword } });
const confirm = (token: string) => t.app.inject({ method: 'POST', url: '/api/auth/email-change/confirm', payload: { token } });
const status = async (member: Member) => (await member.request({ method: 'GET', url: '/api/auth/email-change' })).json<EmailChangeStatus>();
const tokenOf = (mail: ReceivedMail) => linkIn(mail, CONFIRM_LINK).slice(CONFIRM_LINK.length);
const signInAs = (email: string, password = TEST_PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

let seen = 0;
/** Waits for the next `count` emails this file has not looked at yet (one may arrive before the wait starts). */
async function nextEmails(count: number): Promise<readonly ReceivedMail[]> {
  await t.app.mail.drain();
  const next = (await smtp.waitFor(seen + count)).slice(seen, seen + count);
  seen += count;
  return next;
}

test('the new address gets a one-time link; opening it moves the account and tells the old address', async () => {
  const member = await signUpAdmin(t.app);
  const newEmail = uniqueEmail('moved');

  const asked = await ask(member, newEmail.toUpperCase());
  expect(asked.statusCode).toBe(202);
  expect(asked.json()).toEqual({ message: emailChangeRequested(newEmail) });
  const [mail] = await nextEmails(1);
  expect(mail.to).toEqual([newEmail]);
  expect(mail.subject).toBe('Confirm your new Parley email address');
  const token = tokenOf(mail);
  expect(await status(member)).toEqual({ available: true, pending: { newEmail, expiresAt: expect.any(String) } });

  // Nothing changes until the link is opened, and the table holds only the link's hash.
  expect((await signInAs(member.email)).statusCode).toBe(200);
  const [stored] = await t.database.db.select().from(emailChanges).where(eq(emailChanges.newEmail, newEmail));
  expect(stored.id).toBe(hashToken(token));
  expect(stored.expiresAt.getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);

  const confirmed = await confirm(token);
  expect(confirmed.statusCode).toBe(200);
  expect(confirmed.json()).toEqual({ message: emailChanged(newEmail) });
  const [notice] = await nextEmails(1);
  expect(notice.to).toEqual([member.email]);
  expect(notice.subject).toBe('Your Parley email address was changed');
  expect(notice.text).toContain(newEmail);

  expect((await signInAs(member.email)).statusCode).toBe(401);
  expect((await signInAs(newEmail)).statusCode).toBe(200);
  const verified = await member.request({ method: 'GET', url: '/api/auth/verify' });
  expect(verified.json().user.email).toBe(newEmail);
  expect(await status(member)).toEqual({ available: true, pending: null });

  const again = await confirm(token);
  expect(again.statusCode).toBe(400);
  expect(again.json().error).toBe(EMAIL_CHANGE_LINK_INVALID);
});

test('the current password is required and checked, and the address must be a new, valid one', async () => {
  const member = await signUpAdmin(t.app);
  const wrong = await ask(member, uniqueEmail('new'), 'Not1ThePassword');
  expect(wrong.statusCode).toBe(400);
  expect(wrong.json().error).toBe('Current password is incorrect');

  const missing = await member.request({ method: 'POST', url: '/api/auth/email-change', payload: { newEmail: uniqueEmail('new') } });
  expect(missing.statusCode).toBe(400);
  expect(missing.json().error).toBe('Current password is required');

  const invalid = await ask(member, 'not-an-address');
  expect(invalid.statusCode).toBe(400);
  expect(invalid.json().error).toBe('Please enter a valid email address');

  const same = await ask(member, member.email.toUpperCase());
  expect(same.statusCode).toBe(400);
  expect(same.json().error).toBe(EMAIL_UNCHANGED);
  expect(await status(member)).toEqual({ available: true, pending: null });
});

test('an address another account uses answers the same, and only that mailbox is told, with no link', async () => {
  const member = await signUpAdmin(t.app);
  const other = await signUpAdmin(t.app, { organizationName: 'Other Org' });

  const asked = await ask(member, other.email);
  expect(asked.statusCode).toBe(202);
  expect(asked.json()).toEqual({ message: emailChangeRequested(other.email) });
  const [mail] = await nextEmails(1);
  expect(mail.to).toEqual([other.email]);
  expect(mail.subject).toBe('This address already has a Parley account');
  expect(mail.text).not.toContain(CONFIRM_LINK);
  expect(await status(member)).toEqual({ available: true, pending: null });
  expect((await signInAs(member.email)).statusCode).toBe(200);
});

test('an address taken between the request and the link is refused with a clear message', async () => {
  const member = await signUpAdmin(t.app);
  const newEmail = uniqueEmail('contested');
  await ask(member, newEmail);
  const token = tokenOf((await nextEmails(1))[0]);
  await signUpAdmin(t.app, { email: newEmail, organizationName: 'Quicker' });

  const refused = await confirm(token);
  expect(refused.statusCode).toBe(409);
  expect(refused.json().error).toBe(EMAIL_IN_USE);
  expect((await signInAs(member.email)).statusCode).toBe(200);
});

test('a new request, a cancel or the passing of a day retires the link sent before', async () => {
  const member = await signUpAdmin(t.app);
  await ask(member, uniqueEmail('first'));
  const first = tokenOf((await nextEmails(1))[0]);
  const second = uniqueEmail('second');
  await ask(member, second);
  const secondToken = tokenOf((await nextEmails(1))[0]);
  expect((await confirm(first)).statusCode).toBe(400);
  expect(await status(member)).toMatchObject({ pending: { newEmail: second } });

  const cancelled = await member.request({ method: 'DELETE', url: '/api/auth/email-change' });
  expect(cancelled.statusCode).toBe(200);
  expect(await status(member)).toEqual({ available: true, pending: null });
  expect((await confirm(secondToken)).statusCode).toBe(400);

  await ask(member, uniqueEmail('late'));
  const late = tokenOf((await nextEmails(1))[0]);
  await t.database.db.update(emailChanges).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(emailChanges.id, hashToken(late)));
  const expired = await confirm(late);
  expect(expired.statusCode).toBe(400);
  expect(expired.json().error).toBe(EMAIL_CHANGE_LINK_INVALID);
  expect((await signInAs(member.email)).statusCode).toBe(200);
});

test('a password reset link mailed to the old address stops working once the address changes', async () => {
  const member = await signUpAdmin(t.app);
  await t.app.inject({ method: 'POST', url: '/api/auth/password-reset', payload: { email: member.email } });
  const resetToken = linkIn((await nextEmails(1))[0], `${PUBLIC_URL}/reset-password/`).split('/reset-password/')[1];
  const newEmail = uniqueEmail('away');
  await ask(member, newEmail);
  expect((await confirm(tokenOf((await nextEmails(1))[0]))).statusCode).toBe(200);
  await nextEmails(1);

  const reset = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token: resetToken, password: 'Taken1Over' } });
  expect(reset.statusCode).toBe(400);
  await expect(signIn(t.app, newEmail)).resolves.toBeDefined();
});

test('without SMTP the change is not offered, and asking is a 409 that says why', async () => {
  const plain = await createTestApp();
  try {
    const member = await signUpAdmin(plain.app);
    const offered = await member.request({ method: 'GET', url: '/api/auth/email-change' });
    expect(offered.json()).toEqual({ available: false, pending: null });
    const refused = await member.request({
      method: 'POST',
      url: '/api/auth/email-change',
      payload: { newEmail: uniqueEmail('nowhere'), currentPassword: TEST_PASSWORD },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toBe(EMAIL_CHANGE_NEEDS_EMAIL);
  } finally {
    await plain.close();
  }
});
