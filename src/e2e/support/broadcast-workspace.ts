import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { signUpThroughUi } from './browser';

/**
 * What the broadcast specs share: an organization of their own on a made-up sandbox number (its sends
 * and replies never move the demo organization's inbox, which other specs watch at the same time),
 * API calls through the page's session, and MUI selects.
 */

/** Sends are paced and statuses come by webhooks; the screens refresh every few seconds. */
export const DISPATCH_WAIT_MS = 60_000;

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

/** A request through the page's own session, failing loudly when the API refuses it. */
export async function api<T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, data?: unknown): Promise<T> {
  const response = await page.request.fetch(`/api${path}`, { method, ...(data !== undefined && { data }) });
  if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

/** Picks `option` in the MUI select labelled `label`. */
export async function choose(page: Page, label: string | RegExp, option: string | RegExp): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}
