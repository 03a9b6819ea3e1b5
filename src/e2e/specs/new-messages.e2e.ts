import type { Browser, Locator } from 'playwright-core';
import { launchBrowser, newSession } from '../support/browser';
import { customerWrites, makeAttentive, newCustomer, storedConversation } from '../support/sandbox';
import { until } from '../support/until';
import { ownWorkspace } from '../support/workspace';

/**
 * The open chat while the agent reads older messages: what the customer writes meanwhile does not move
 * the view; a pill counts it and takes the agent to it. A divider heads what was unread at opening.
 */

/** Through the live stream within a second, or the 30 s poll when it is down; room for a busy machine. */
const ARRIVAL_WAIT_MS = 10_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Whether the element is inside the scroller's visible part. */
async function inView(scroller: Locator, element: Locator): Promise<boolean> {
  const [outer, inner] = await Promise.all([scroller.boundingBox(), element.boundingBox()]);
  return Boolean(outer && inner && inner.y >= outer.y - 1 && inner.y + inner.height <= outer.y + outer.height + 1);
}

test('scrolled up, new messages keep the view where it is; the "N new messages" pill takes the agent to the first of them; a divider heads what was unread when the chat opened', async () => {
  const { context, page, problems } = await newSession(browser);
  // Its own organization: in the demo inbox another spec may open this conversation (the newest) and read it.
  const { phoneNumberId } = await ownWorkspace(page, { name: 'Dina Saeed', organizationName: 'Rosewater Atelier' });
  const customer = newCustomer('Mariam');
  await makeAttentive(customer);
  // More messages than the chat shows at once.
  for (let n = 1; n <= 30; n += 1) await customerWrites(phoneNumberId, customer, `Question ${n}`);
  await until(async () => (await storedConversation(page, customer)).unreadCount === 30, 'all 30 messages stored', ARRIVAL_WAIT_MS);
  const conversation = await storedConversation(page, customer);

  await page.goto(`/conversations/${conversation.contact.id}`);
  const messages = page.getByRole('region', { name: `Messages with ${customer.name}` });
  const row = (text: string) => messages.getByRole('listitem').filter({ has: page.getByText(text, { exact: true }) });
  await row('Question 30').waitFor();
  // All thirty were unread: the divider heads the first of them once the agent scrolls up to it.
  await messages.evaluate((scroller) => scroller.scrollTo({ top: 0 }));
  await row('Question 1').getByRole('separator', { name: 'New messages' }).waitFor();
  expect(await inView(messages, row('Question 1'))).toBe(true);

  await customerWrites(phoneNumberId, customer, 'Question 31');
  await customerWrites(phoneNumberId, customer, 'Question 32');
  const pill = page.getByRole('button', { name: '2 new messages' });
  await pill.waitFor({ timeout: ARRIVAL_WAIT_MS });
  // The view stayed on the oldest messages.
  expect(await inView(messages, row('Question 1'))).toBe(true);

  await pill.focus();
  await page.keyboard.press('Enter');
  await pill.waitFor({ state: 'detached' });
  await until(() => inView(messages, row('Question 31')), 'the first new message in view', 5_000);
  // The divider stays where it was while the conversation is open.
  await messages.evaluate((scroller) => scroller.scrollTo({ top: 0 }));
  await row('Question 1').getByRole('separator', { name: 'New messages' }).waitFor();

  expect(problems).toEqual([]);
  await context.close();
});
