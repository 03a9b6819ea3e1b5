import { baseUrl, E2E_PASSWORD, signUpThroughUi, specBrowser, uniqueEmail } from '../support/browser';
import { emailTo, linkIn } from '../support/mailbox';
import { inviteThroughUi } from '../support/team';

/**
 * Invitations by email: the server sends through a test SMTP server (support/server), Send Invitation
 * emails the link, and the link in the email signs the new member up.
 */

const spec = specBrowser();

test('an invitation email arrives and its link signs the new member up', async () => {
  const admin = await spec.newSession();
  await signUpThroughUi(admin.page, { name: 'Leila Admin', organizationName: 'Mailroom Traders' });

  const inviteeEmail = uniqueEmail('emailed');
  const shown = await inviteThroughUi(admin.page, inviteeEmail, 'Agent');
  expect(shown.message).toBe(`Invitation emailed to ${inviteeEmail}`);

  const email = await emailTo(inviteeEmail);
  expect(email.subject).toBe('Leila Admin invited you to Mailroom Traders on Parley');
  const link = linkIn(email, `${baseUrl()}/invite/`);
  expect(link).toBe(shown.link);

  const invitee = await spec.newSession();
  await invitee.page.goto(link);
  await invitee.page.getByText(/You have been invited to join Mailroom Traders with the Agent role/).waitFor();
  await invitee.page.getByText('This invitation is for this address.').waitFor();
  expect(await invitee.page.getByLabel(/^email/i).inputValue()).toBe(inviteeEmail);
  await invitee.page.getByLabel(/^name/i).fill('Sami Emailed');
  await invitee.page.getByLabel(/^password/i).fill(E2E_PASSWORD);
  await invitee.page.getByRole('button', { name: 'Join Organization' }).click();
  await invitee.page.getByRole('heading', { name: 'Welcome back, Sami Emailed!' }).waitFor();

  // The admin's team now lists the new member, and no invitation is pending.
  await admin.page.goto('/settings?tab=members');
  await admin.page.getByRole('heading', { name: 'Current Members (2)' }).waitFor();
  await admin.page.getByText('Sami Emailed').first().waitFor();
  expect(await admin.page.getByRole('heading', { name: /^Pending Invitations/ }).count()).toBe(0);

  expect(admin.problems).toEqual([]);
  expect(invitee.problems).toEqual([]);
  await invitee.context.close();
  await admin.context.close();
});
