/** @jest-environment node */
import { eq } from 'drizzle-orm';
import type { InvitationIssuedResponse, InvitationsResponse } from '@shared/api/members';
import { MAIL_DAILY_LIMITS, mailLimitMessage } from '@shared/mail/limits';
import { mailOutbox } from '../../db/schema';
import { roleIdByName } from '../../testing/fixtures';
import { linkIn, startSmtpTestServer, type ReceivedMail, type SmtpTestServer } from '../../testing/smtp-test-server';
import { createAppWithAdmin, signUpAdmin, uniqueEmail, type Member, type TestApp } from '../../testing/test-app';
import { invite, signUpWithInvitation } from '../members/team-fixtures';

let smtp: SmtpTestServer;
let t: TestApp;
let admin: Member;
let organizationId: string;
let agentRoleId: string;

const PUBLIC_URL = 'http://localhost:3000';
const INVITE_LINK = `${PUBLIC_URL}/invite/`;

beforeAll(async () => {
  smtp = await startSmtpTestServer();
  ({ t, admin } = await createAppWithAdmin({ smtpUrl: smtp.url, mailFrom: 'Parley <team@parley.test>', mailRetryBaseMs: 100 }));
  organizationId = admin.user.organization!.organizationId;
  agentRoleId = await roleIdByName(t, organizationId, 'Agent');
}, 60_000);
afterAll(async () => {
  await t.close();
  await smtp.stop();
});

const lookup = (token: string) => t.app.inject({ method: 'GET', url: `/api/auth/invitation/${token}` });
const resend = (id: string) => admin.request({ method: 'POST', url: `/api/members/invitations/${id}/resend` });
const tokenOf = (mail: ReceivedMail) => decodeURIComponent(linkIn(mail, INVITE_LINK).slice(INVITE_LINK.length));

/** Waits for the next `count` emails and answers them. */
async function nextEmails(count: number): Promise<readonly ReceivedMail[]> {
  const before = smtp.messages.length;
  await t.app.mail.drain();
  return (await smtp.waitFor(before + count)).slice(before);
}

test('Send Invitation emails the invitee a link that signs them up', async () => {
  const email = uniqueEmail('mailed');
  const issued = await invite(admin, agentRoleId, email);
  expect(issued.delivered).toBe(true);
  expect(issued.message).toBe(`Invitation emailed to ${email}`);

  const [mail] = await nextEmails(1);
  const organizationName = admin.user.organization!.organizationName;
  expect(mail.to).toEqual([email]);
  expect(mail.from).toContain('<team@parley.test>');
  expect(mail.subject).toBe(`Ada Admin invited you to ${organizationName} on Parley`);
  expect(mail.text).toContain(organizationName);
  expect(mail.text).toContain(PUBLIC_URL);
  expect(mail.html).toContain(`href="${linkIn(mail, INVITE_LINK)}"`);
  expect(mail.messageId).toMatch(/^<[0-9a-f-]+@localhost>$/);

  const joined = await signUpWithInvitation(t.app, email, tokenOf(mail), 'Mailed Member');
  expect(joined.user.organization).toMatchObject({ organizationId, role: { name: 'Agent' } });
});

test('Resend emails a new link and says the old one stops working', async () => {
  const issued = await invite(admin, agentRoleId);
  await nextEmails(1);
  const response = await resend(issued.invitation.id);
  expect(response.statusCode).toBe(200);
  expect(response.json<InvitationIssuedResponse>().message).toBe(
    `A new invitation link was emailed to ${issued.invitation.email}. The previous link no longer works.`,
  );
  const [mail] = await nextEmails(1);
  expect(mail.to).toEqual([issued.invitation.email]);
  expect((await lookup(tokenOf(mail))).statusCode).toBe(200);
  expect((await lookup(issued.token)).statusCode).toBe(404);
});

test('the list tells the screen that invitations are emailed', async () => {
  const response = await admin.request({ method: 'GET', url: '/api/members/invitations' });
  expect(response.json<InvitationsResponse>().emailConfigured).toBe(true);
});

test('with the SMTP server down, invitations are still answered at once and every email arrives exactly once when it is back', async () => {
  await smtp.stop();
  const emails = [uniqueEmail('down-a'), uniqueEmail('down-b'), uniqueEmail('down-c')];
  const tokens: string[] = [];
  for (const email of emails) tokens.push((await invite(admin, agentRoleId, email)).token);
  await t.app.mail.drain();
  expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

  // While it waits, the link is stored only encrypted and the bodies only hold a placeholder.
  const waiting = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, emails[0]));
  expect(waiting).toHaveLength(1);
  expect(waiting[0]).toMatchObject({ sentAt: null, deadAt: null });
  expect(waiting[0].attempts).toBeGreaterThanOrEqual(1);
  expect(waiting[0].secret).toMatch(/^v1\./);
  expect(JSON.stringify(waiting)).not.toContain(tokens[0]);

  const before = smtp.messages.length;
  await smtp.start();
  await smtp.waitFor(before + emails.length, 20_000);
  await t.app.mail.drain();

  const arrived = smtp.messages.slice(before);
  expect(arrived.map((mail) => mail.to[0]).sort()).toEqual([...emails].sort());
  expect(new Set(arrived.map((mail) => mail.messageId)).size).toBe(emails.length);
  for (const [i, email] of emails.entries()) {
    expect(tokenOf(arrived.find((mail) => mail.to[0] === email)!)).toBe(tokens[i]);
  }

  // Sent: the bodies and the link are gone, what was sent to whom stays.
  const sent = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, emails[0]));
  expect(sent[0]).toMatchObject({ textBody: null, htmlBody: null, secret: null, kind: 'invitation' });
  expect(sent[0].sentAt).toBeInstanceOf(Date);
});

test('past the day\'s cap for one address, a resend is a clear 429 and the link already sent keeps working', async () => {
  const issued = await invite(admin, agentRoleId);
  let token = issued.token;
  for (let sent = 1; sent < MAIL_DAILY_LIMITS.invitation.perAddress; sent += 1) {
    const response = await resend(issued.invitation.id);
    expect(response.statusCode).toBe(200);
    token = response.json<InvitationIssuedResponse>().token;
  }
  const lastGood = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, issued.invitation.email));
  expect(lastGood).toHaveLength(MAIL_DAILY_LIMITS.invitation.perAddress);

  const refused = await resend(issued.invitation.id);
  expect(refused.statusCode).toBe(429);
  expect(refused.json().error).toBe(mailLimitMessage('invitation', 'address'));
  const after = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, issued.invitation.email));
  expect(after).toHaveLength(MAIL_DAILY_LIMITS.invitation.perAddress);
  expect((await lookup(token)).statusCode).toBe(200);
  await t.app.mail.drain();
});

test('past the day\'s cap for the organization, a new invitation is a clear 429 and nothing is stored', async () => {
  const otherAdmin = await signUpAdmin(t.app);
  const otherOrganization = otherAdmin.user.organization!.organizationId;
  await t.database.db.insert(mailOutbox).values(
    Array.from({ length: MAIL_DAILY_LIMITS.invitation.perOrganization }, (_, i) => ({
      organizationId: otherOrganization, kind: 'invitation', recipient: `earlier${i}@example.com`, subject: 'Earlier',
      messageId: `<earlier-${i}@localhost>`, sentAt: new Date(),
    })),
  );
  const email = uniqueEmail('over');
  const refused = await otherAdmin.request({
    method: 'POST', url: '/api/members/invite', payload: { email, roleId: await roleIdByName(t, otherOrganization, 'Agent') },
  });
  expect(refused.statusCode).toBe(429);
  expect(refused.json().error).toBe(mailLimitMessage('invitation', 'organization'));
  const list = (await otherAdmin.request({ method: 'GET', url: '/api/members/invitations' })).json<InvitationsResponse>();
  expect(list.invitations.map((i) => i.email)).not.toContain(email);
  // The cap is the organization's own: the first organization still invites.
  expect((await admin.request({ method: 'POST', url: '/api/members/invite', payload: { email, roleId: agentRoleId } })).statusCode).toBe(201);
  await t.app.mail.drain();
});
