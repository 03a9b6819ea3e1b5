import { randomInt } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { filledValue, launchBrowser, newSession, signInThroughUi, signUpThroughUi } from '../support/browser';
import { expireToken } from '../support/sandbox';
import { DEMO_ADMIN } from '../support/team';

/**
 * The messaging platform against `npm start` and its built-in sandbox: the demo
 * organization's Messaging API tab shows its saved configuration, Test Config says Configuration
 * Valid, Sync Templates fills the table; a token the sandbox rejects is not saved; and an organization
 * whose token expires after saving gets the configuration-error modal with the token-expired text.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function openMessagingTab(page: Page): Promise<void> {
  await page.goto('/settings?tab=whatsapp');
  await page.getByRole('heading', { name: 'WhatsApp Business API Configuration' }).waitFor();
}

const digits = (length: number) => Array.from({ length }, (_, i) => (i === 0 ? randomInt(1, 10) : randomInt(0, 10))).join('');

test("the demo organization's configuration is saved, valid, and syncs templates", async () => {
  const { context, page, problems } = await newSession(browser);
  await signInThroughUi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await openMessagingTab(page);

  expect(await page.getByLabel('Phone Number ID').inputValue()).toBe('106540352242922');
  expect(await page.getByLabel('Access Token').inputValue()).toMatch(/^•+\w{4}$/);
  await page.getByText('Active', { exact: true }).waitFor();
  expect(await filledValue(page.getByRole('textbox', { name: 'Webhook URL' }))).toMatch(/\/api\/webhooks\/whatsapp$/);

  await page.getByRole('button', { name: 'Test Config' }).click();
  await page.getByText('Configuration Valid').waitFor();

  await page.goto('/templates');
  await page.getByRole('button', { name: 'Sync Templates' }).click();
  await page.getByText(/templates synced from WhatsApp$/).waitFor();
  await page.getByRole('grid', { name: 'Templates' }).getByText('order_confirmation').waitFor();
  await page.getByText(/^Last synced/).waitFor();
  expect(problems).toEqual([]);
  await context.close();
});

test('a token WhatsApp rejects is not saved; one that expires later opens the configuration-error modal', async () => {
  const { context, page, problems } = await newSession(browser);
  await signUpThroughUi(page, { organizationName: 'Expired Token Traders' });
  await openMessagingTab(page);
  await page.getByLabel('Access Token').fill(`EAAG_EXPIRED_${digits(12)}`);
  await page.getByLabel('Phone Number ID').fill(digits(15));
  await page.getByLabel('Business Account ID').fill(digits(15));
  await page.getByLabel('Webhook Verify Token').fill('expired-e2e-verify');
  await page.getByRole('button', { name: 'Save Configuration' }).click();
  await page.getByText(/WhatsApp did not confirm that this access token can use this phone number/).waitFor();

  const token = `EAAGexpiresLater${digits(12)}`;
  await page.getByLabel('Access Token').fill(token);
  await page.getByRole('button', { name: 'Save Configuration' }).click();
  await page.getByText('WhatsApp configuration saved successfully').waitFor();
  await expireToken(token);

  await page.goto('/templates');
  await page.getByRole('button', { name: 'Sync Templates' }).click();
  const modal = page.getByRole('dialog', { name: 'WhatsApp Access Token Expired' });
  await modal.waitFor();
  await modal.getByText(/access token has expired/).waitFor();
  await page.getByText('WhatsApp access token is missing or invalid').waitFor();

  await modal.getByRole('button', { name: 'Go to WhatsApp Settings' }).click();
  await page.getByRole('heading', { name: 'WhatsApp Business API Configuration' }).waitFor();
  expect(problems).toEqual([]);
  await context.close();
});
