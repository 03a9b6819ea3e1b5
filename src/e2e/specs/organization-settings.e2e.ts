import type { Browser, Page } from 'playwright-core';
import { SANDBOX_MOUNT_PATH } from '../../server/config';
import type { ConversationResponse } from '../../shared/api/conversations';
import { baseUrl, launchBrowser, newSession, signInThroughUi } from '../support/browser';
import { until } from '../support/until';
import { customerWrites, DEMO_PHONE_NUMBER_ID, makeAttentive, newCustomer, storedConversation, type SandboxCustomer } from '../support/sandbox';
import { DEMO_ADMIN } from '../support/team';

/**
 * Settings → Organization and read receipts at Meta, against the real server and its sandbox: opening a
 * conversation with an unread customer message makes one "mark as read" call for it; with read receipts
 * turned off in the Organization tab, none.
 */

/** The mark-read call and Meta's answer come in the background, seconds apart at most on a busy machine. */
const RECEIPT_WAIT_MS = 15_000;
/** How long a call that should not come is given to show up anyway. */
const NO_RECEIPT_GRACE_MS = 2_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** How many "mark as read" calls the sandbox accepted for this message id. */
async function readReceiptsFor(wamid: string): Promise<number> {
  const response = await fetch(`${baseUrl()}${SANDBOX_MOUNT_PATH}/_sandbox/read-receipts?messageId=${encodeURIComponent(wamid)}`);
  if (!response.ok) throw new Error(`sandbox read receipts answered ${response.status}`);
  return ((await response.json()) as { count: number }).count;
}

/** The customer writes, the member opens the conversation, and its unread count is cleared on the server. */
async function openNewMessage(page: Page, customer: SandboxCustomer): Promise<string> {
  const wamid = await customerWrites(DEMO_PHONE_NUMBER_ID, customer, 'Is the blue vase still available?');
  const conversation = await storedConversation(page, customer);
  await page.goto(`/conversations/${conversation.contact.id}`);
  await page.getByRole('region', { name: `Messages with ${customer.name}` }).getByText('Is the blue vase still available?').waitFor();
  await until(async () => {
    const response = await page.request.get(`/api/conversations/${conversation.id}`);
    return ((await response.json()) as ConversationResponse).conversation.unreadCount === 0;
  }, 'the conversation to be marked read', RECEIPT_WAIT_MS);
  return wamid;
}

/** Sets the read-receipts switch in Settings → Organization and saves. */
async function setReadReceipts(page: Page, on: boolean): Promise<void> {
  await page.goto('/settings?tab=organization');
  const toggle = page.getByRole('switch', { name: 'Send read receipts' });
  if ((await toggle.isChecked()) === on) return;
  await toggle.click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await page.getByText('Organization settings updated successfully').waitFor();
  await page.getByRole('grid', { name: 'Organization setting changes' }).getByText(on ? 'Off → On' : 'On → Off').first().waitFor();
}

test('opening a conversation with an unread customer message marks it read at Meta once; with read receipts off in the Organization tab, never', async () => {
  const { context, page, problems } = await newSession(browser);
  await signInThroughUi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  try {
    const reader = newCustomer('Salma');
    await makeAttentive(reader);
    const read = await openNewMessage(page, reader);
    await until(async () => (await readReceiptsFor(read)) > 0, 'a read receipt to reach the sandbox', RECEIPT_WAIT_MS);
    expect(await readReceiptsFor(read)).toBe(1);

    await setReadReceipts(page, false);
    const quiet = newCustomer('Yousef');
    await makeAttentive(quiet);
    const unreported = await openNewMessage(page, quiet);
    await page.waitForTimeout(NO_RECEIPT_GRACE_MS);
    expect(await readReceiptsFor(unreported)).toBe(0);
    expect(await readReceiptsFor(read)).toBe(1);
  } finally {
    await setReadReceipts(page, true);
  }
  expect(problems).toEqual([]);
  await context.close();
});
