import type { Browser } from 'playwright-core';
import { E2E_PASSWORD, launchBrowser, newSession, signInThroughUi, signUpThroughUi, uniqueEmail } from '../support/browser';
import { DEMO_ADMIN } from '../support/team';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

test('a newcomer signs up, sees the dashboard, toggles the theme, signs out and signs back in', async () => {
  const { context, page, problems } = await newSession(browser);
  const email = uniqueEmail('newcomer');

  await page.goto('/');
  await page.waitForURL('**/login');
  await page.waitForFunction(() => document.title === 'Login | Parley');

  await signUpThroughUi(page, { name: 'Nadia Rahman', email, organizationName: 'Oasis Spices' });
  await page.waitForFunction(() => document.title === 'Dashboard | Parley');
  await page.getByText('Account created successfully').waitFor();
  // The four cards, each a link to its screen, counted for this brand-new organization.
  for (const [title, href] of [['Conversations', '/conversations'], ['Contacts', '/contacts'], ['Templates', '/templates'], ['Tags', '/tags']]) {
    const card = page.locator(`main a[href="${href}"]`).filter({ hasText: title });
    await card.waitFor();
    expect(await card.innerText()).toContain('0');
  }

  // Light by default; the choice survives a reload.
  const scheme = () => page.evaluate(() => document.documentElement.className);
  expect(await scheme()).toContain('light');
  await page.getByRole('button', { name: 'Switch to dark mode' }).click();
  await page.waitForFunction(() => document.documentElement.className.includes('dark'));
  await page.reload();
  await page.getByRole('heading', { name: 'Welcome back, Nadia Rahman!' }).waitFor();
  expect(await scheme()).toContain('dark');

  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
  await page.getByText('Logged out successfully').waitFor();
  // The old session is gone: the dashboard is no longer reachable.
  await page.goto('/');
  await page.waitForURL('**/login');

  await signInThroughUi(page, email, E2E_PASSWORD);
  await page.getByText('Logged in successfully').waitFor();
  expect(problems).toEqual([]);
  await context.close();
});

test('a wrong password is refused with the server’s message and no session', async () => {
  const { context, page } = await newSession(browser);
  await signUpThroughUi(page, { email: uniqueEmail('forgetful') });
  const email = await page.evaluate(async () => (await (await fetch('/api/auth/verify')).json()).user.email as string);
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/login');

  await page.getByLabel(/email/i).fill(email);
  await page.getByLabel(/^password/i).fill('NotThePassword1');
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.getByText('Login Failed').waitFor();
  await page.getByText('Invalid email or password').waitFor();
  expect(page.url()).toContain('/login');
  await context.close();
});

test('an unknown address shows the 404 page with its title, and Go Back Home leads to the dashboard', async () => {
  const { context, page, problems } = await newSession(browser);
  await signUpThroughUi(page);
  await page.goto('/no/such/page');
  await page.getByText('Page Not Found').waitFor();
  await page.waitForFunction(() => document.title === 'Parley');
  await page.getByRole('link', { name: 'Go Back Home' }).or(page.getByRole('button', { name: 'Go Back Home' })).click();
  await page.getByRole('heading', { name: /^Welcome back, / }).waitFor();
  expect(problems).toEqual([]);
  await context.close();
});

test('the demo organization is seeded and its admin can sign in', async () => {
  const { context, page } = await newSession(browser);
  await signInThroughUi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.getByRole('heading', { name: 'Welcome back, Amira Haddad!' }).waitFor();
  await context.close();
});
