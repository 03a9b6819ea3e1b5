import type { Page } from 'playwright-core';
import { baseUrl, E2E_PASSWORD, signInThroughUi, signUpThroughUi, specBrowser, uniqueEmail } from '../support/browser';
import { emailTo, linkIn } from '../support/mailbox';

/**
 * Getting back in and keeping an account: a password reset from the sign-in screen through the email
 * it sends (the test SMTP server of support/server), and the Profile's name, password and email address
 * changes.
 */

const spec = specBrowser();

/** A page of a session that has ended lands on the sign-in screen at its next load. */
async function expectSignedOut(page: Page): Promise<void> {
  await page.goto('/');
  await page.getByRole('heading', { name: 'Sign In' }).waitFor();
}

async function refusedSignIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByText('Invalid email or password').waitFor();
}

test('a reset from the sign-in screen works once; the old password and every old session stop working', async () => {
  const owner = await spec.newSession();
  const { email } = await signUpThroughUi(owner.page, { name: 'Rania Forgetful', email: uniqueEmail('forgetful'), organizationName: 'Lost Keys' });
  const laptop = await spec.newSession();
  await signInThroughUi(laptop.page, email);

  const locked = await spec.newSession();
  await locked.page.goto('/login');
  await locked.page.getByRole('link', { name: 'Forgot password?' }).click();
  await locked.page.getByRole('heading', { name: 'Forgot Password' }).waitFor();
  await locked.page.getByLabel(/email/i).fill(email);
  await locked.page.getByRole('button', { name: 'Send Reset Link' }).click();
  await locked.page.getByRole('status').getByText(/a link to set a new password is on its way/).waitFor();

  const mail = await emailTo(email);
  expect(mail.subject).toBe('Set a new Parley password');
  const link = linkIn(mail, `${baseUrl()}/reset-password/`);

  await locked.page.goto(link);
  await locked.page.getByLabel('New Password', { exact: true }).fill('Renewed2027');
  await locked.page.getByRole('button', { name: 'Set New Password' }).click();
  await locked.page.getByRole('heading', { name: 'Sign In' }).waitFor();

  await expectSignedOut(owner.page);
  await expectSignedOut(laptop.page);
  await refusedSignIn(laptop.page, email, E2E_PASSWORD);

  // The link worked once.
  await locked.page.goto(link);
  await locked.page.getByLabel('New Password', { exact: true }).fill('Another2028');
  await locked.page.getByRole('button', { name: 'Set New Password' }).click();
  await locked.page.getByText('This password reset link is invalid or has expired. Ask for a new one.').waitFor();

  await signInThroughUi(locked.page, email, 'Renewed2027');
  for (const session of [owner, laptop, locked]) await session.context.close();
});

test('the profile changes the name and the password, and the password change signs the other sessions out', async () => {
  const owner = await spec.newSession();
  const { email } = await signUpThroughUi(owner.page, { name: 'Karim Old', email: uniqueEmail('profile'), organizationName: 'Name Changers' });
  const phone = await spec.newSession();
  await signInThroughUi(phone.page, email);

  await owner.page.goto('/settings?tab=profile');
  const name = owner.page.getByRole('textbox', { name: 'Full Name' });
  await name.fill('Karim Renamed');
  await owner.page.getByRole('button', { name: 'Save Name' }).click();
  await owner.page.getByText('Your name was saved').waitFor();

  await owner.page.getByRole('list', { name: 'Active sessions' }).getByRole('listitem').nth(1).waitFor();
  const passwordSection = owner.page.getByRole('region', { name: 'Password' });
  await passwordSection.getByLabel('Current Password', { exact: true }).fill(E2E_PASSWORD);
  await passwordSection.getByLabel('New Password', { exact: true }).fill('Changed2027');
  await owner.page.getByRole('button', { name: 'Change Password' }).click();
  await owner.page.getByText('Your password was changed. Your other sessions are signed out.').waitFor();
  await owner.page.getByRole('button', { name: 'Sign Out All Other Sessions' }).waitFor({ state: 'detached' });

  await expectSignedOut(phone.page);
  await refusedSignIn(phone.page, email, E2E_PASSWORD);
  await phone.page.getByLabel(/^password/i).fill('Changed2027');
  await phone.page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await phone.page.getByRole('heading', { name: 'Welcome back, Karim Renamed!' }).waitFor();

  expect(owner.problems).toEqual([]);
  for (const session of [owner, phone]) await session.context.close();
});

test('the profile moves the account to a new address once the link mailed there is opened, and tells the old one', async () => {
  const owner = await spec.newSession();
  const { email: oldEmail } = await signUpThroughUi(owner.page, { name: 'Lina Mover', email: uniqueEmail('mover'), organizationName: 'New Address' });
  const newEmail = uniqueEmail('moved');

  await owner.page.goto('/settings?tab=profile');
  const change = owner.page.getByRole('region', { name: 'Change Email Address' });
  await change.getByLabel('New Email Address').fill(newEmail);
  await change.getByLabel('Current Password', { exact: true }).fill(E2E_PASSWORD);
  await change.getByRole('button', { name: 'Send Confirmation Link' }).click();
  await owner.page.getByText(`A confirmation link is on its way to ${newEmail}.`, { exact: false }).waitFor();
  await change.getByText('Waiting for you to open the link sent to').waitFor();

  const mail = await emailTo(newEmail);
  expect(mail.subject).toBe('Confirm your new Parley email address');
  const link = linkIn(mail, `${baseUrl()}/confirm-email/`);

  // Until the link is opened, the account keeps its address.
  const other = await spec.newSession();
  await signInThroughUi(other.page, oldEmail);
  await other.context.close();

  await owner.page.goto(link);
  await owner.page.getByRole('button', { name: 'Confirm Email Address' }).click();
  await owner.page.getByRole('status').getByText(`Your email address is now ${newEmail}.`, { exact: false }).waitFor();
  const notice = await emailTo(oldEmail);
  expect(notice.subject).toBe('Your Parley email address was changed');
  expect(notice.text).toContain(newEmail);

  await owner.page.getByRole('link', { name: 'Continue to Parley' }).click();
  await owner.page.goto('/settings?tab=profile');
  await owner.page.getByRole('region', { name: 'Personal Information' }).getByText(newEmail).waitFor();

  const later = await spec.newSession();
  await refusedSignIn(later.page, oldEmail, E2E_PASSWORD);
  await signInThroughUi(later.page, newEmail);

  // The link worked once.
  await later.page.goto(link);
  await later.page.getByRole('button', { name: 'Confirm Email Address' }).click();
  await later.page.getByRole('alert').getByText('This confirmation link is invalid, was already used or has expired.', { exact: false }).waitFor();

  expect(owner.problems).toEqual([]);
  for (const session of [owner, later]) await session.context.close();
});
