import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { signUpThroughUi } from './browser';

/**
 * An organization of a spec's own on a made-up sandbox number: its customers, sends and replies never
 * move the demo organization's inbox, and other specs (run at the same time, several of them opening
 * the demo inbox's newest conversation, which marks it read) never touch its conversations.
 */

const digits = (length: number) => Array.from({ length }, (_, i) => randomInt(i === 0 ? 1 : 0, 10)).join('');

/**
 * A new organization whose founder configures a sandbox number of its own and syncs its templates;
 * answers the founder and the number's id.
 */
export async function ownWorkspace(
  page: Page,
  names: { name: string; organizationName: string },
): Promise<{ founder: { name: string; email: string }; phoneNumberId: string }> {
  const founder = await signUpThroughUi(page, names);
  const phoneNumberId = digits(15);
  await page.goto('/settings?tab=whatsapp');
  await page.getByRole('heading', { name: 'WhatsApp Business API Configuration' }).waitFor();
  await page.getByLabel('Access Token').fill(`EAAGbroadcasts${digits(16)}`);
  await page.getByLabel('Phone Number ID').fill(phoneNumberId);
  await page.getByLabel('Business Account ID').fill(digits(15));
  await page.getByLabel('Webhook Verify Token').fill('broadcasts-verify');
  await page.getByRole('button', { name: 'Save Configuration' }).click();
  await page.getByText('WhatsApp configuration saved successfully').waitFor();
  // Testing the configuration makes the sandbox give these ids to this organization's business.
  await page.getByRole('button', { name: 'Test Config' }).click();
  await page.getByText('Configuration Valid').waitFor();
  await page.goto('/templates');
  await page.getByRole('button', { name: 'Sync Templates' }).click();
  await page.getByText('Templates Synced').waitFor();
  return { founder, phoneNumberId };
}
