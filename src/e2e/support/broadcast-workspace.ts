import type { Page } from 'playwright-core';

/**
 * What the broadcast specs share besides their own organization (support/workspace.ts): API calls
 * through the page's session, and MUI selects.
 */

/** Sends are paced and statuses come by webhooks; the screens refresh every few seconds. */
export const DISPATCH_WAIT_MS = 60_000;

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
