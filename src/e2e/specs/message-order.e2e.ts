import type { Browser, Page } from 'playwright-core';
import type { MessagePage } from '../../shared/api/conversations';
import { launchBrowser, newSession, signInThroughUi } from '../support/browser';
import { customerWrites, DEMO_PHONE_NUMBER_ID, makeAttentive, newCustomer, storedConversation } from '../support/sandbox';
import { until } from '../support/until';
import { DEMO_ADMIN } from '../support/team';

/**
 * Messages in the customer's order: Meta may deliver a burst of a customer's messages out of order
 * (retries, parallel deliveries); the thread shows them by the WhatsApp timestamp each webhook carries,
 * not by when each reached Parley.
 */

const MESSAGES = 20;
/** A webhook is handled moments after the sandbox answers its control call. */
const STORED_WAIT_MS = 15_000;

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** Waits until the conversation holds `count` messages, read through the page's own session. */
async function untilStored(page: Page, conversationId: string, count: number): Promise<void> {
  await until(
    async () => {
      const response = await page.request.get(`/api/conversations/${conversationId}/messages`);
      return response.ok() && ((await response.json()) as MessagePage).data.length === count;
    },
    `message ${count} to be stored`,
    STORED_WAIT_MS,
  );
}

test("a customer's 20 messages delivered in shuffled order show in the order the customer sent them", async () => {
  const { context, page, problems } = await newSession(browser);
  // Tall enough for the whole thread at once: the list renders only the rows in view.
  await page.setViewportSize({ width: 1280, height: 2600 });
  await signInThroughUi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);

  const customer = newCustomer('Mariam');
  await makeAttentive(customer);
  // Sent 40 s apart, starting 20 minutes ago; delivered in the order 0, 7, 14, 1, 8, 15, …: each stored
  // before the next is posted, so every one arrives separately and most arrive after later ones.
  const start = Date.now() - 20 * 60_000;
  const sent = Array.from({ length: MESSAGES }, (_, i) => ({ text: `Item ${String(i + 1).padStart(2, '0')} of my order`, at: start + i * 40_000 }));
  const delivery = Array.from({ length: MESSAGES }, (_, i) => sent[(i * 7) % MESSAGES]);
  let conversationId = '';
  for (const [index, message] of delivery.entries()) {
    await customerWrites(DEMO_PHONE_NUMBER_ID, customer, message.text, { at: message.at });
    if (index === 0) conversationId = (await storedConversation(page, customer)).id;
    await untilStored(page, conversationId, index + 1);
  }

  const conversation = await storedConversation(page, customer);
  await page.goto(`/conversations/${conversation.contact.id}`);
  const thread = page.getByRole('region', { name: `Messages with ${customer.name}` });
  // The newest and the oldest in view: the whole thread is shown.
  await thread.getByRole('listitem').filter({ hasText: sent[MESSAGES - 1].text }).waitFor();
  await thread.getByRole('listitem').filter({ hasText: sent[0].text }).waitFor();
  const shown = await thread.getByRole('listitem').allInnerTexts();
  expect(shown.map((row) => sent.find((message) => row.includes(message.text))?.text)).toEqual(sent.map((message) => message.text));

  expect(problems).toEqual([]);
  await context.close();
});
