import type { Browser, Locator, Page, Request, Route } from 'playwright-core';
import { launchBrowser, newSession, signInThroughUi, watchForProblems } from '../support/browser';
import {
  clearFaults, customerWrites, DEMO_PHONE_NUMBER_ID, injectFault, makeAttentive, newCustomer, sendsTo, storedConversation, type SandboxCustomer,
} from '../support/sandbox';
import { DEMO_ADMIN } from '../support/team';
import { ownWorkspace } from '../support/workspace';

/**
 * The team inbox against the real server and its sandbox: a customer's message raises their
 * conversation with an unread badge within moments (the live stream) and opening it clears the badge; a
 * reply shows at once as sending and its ticks go sent → delivered → read; a send the API refuses is
 * failed with Retry, and Retry delivers it once; a closed window disables the composer and offers a
 * template; an image is sent and shown.
 *
 * Each test has its own customer (a fresh number the sandbox is told to read everything and never
 * answer), so no test depends on another or on the demo's seeded conversations, except the one about
 * the demo's closed window.
 */

/** The seeded demo customer whose 24-hour window closed days ago. */
const CLOSED_WINDOW_CUSTOMER = 'Khalid Al Sabah';
/**
 * A change reaches an open inbox through its live stream within a second or two (nudges are batched
 * for a second, the counts behind the title refreshed at most every 5 s); this leaves room for a busy
 * machine and is still well inside the 30 s refresh the stream replaces.
 */
const LIVE_WAIT_MS = 10_000;
/** Statuses arrive by signed webhooks seconds apart and the screen polls every 2 s. */
const TICK_WAIT_MS = 20_000;
/** A 1×1 PNG. */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

function conversationList(page: Page): Locator {
  return page.getByRole('list', { name: 'Conversations' });
}

/** The messages pane of the open conversation. */
function messagesWith(page: Page, customer: { name: string }): Locator {
  return page.getByRole('region', { name: `Messages with ${customer.name}` });
}

/** The bubble showing `text`. */
function bubble(page: Page, customer: { name: string }, text: string): Locator {
  return messagesWith(page, customer).getByRole('listitem').filter({ hasText: text });
}

/** A bubble's delivery tick, by its accessible name ('Sending', 'Sent', 'Delivered', 'Read', 'Failed'). */
function tick(message: Locator, status: string): Locator {
  return message.getByRole('img', { name: status, exact: true });
}

async function openConversation(page: Page, customer: SandboxCustomer): Promise<void> {
  const conversation = await storedConversation(page, customer);
  await page.goto(`/conversations/${conversation.contact.id}`);
  await messagesWith(page, customer).waitFor();
}

/**
 * Holds the inbox's text sends (POST …/messages) until released, so the optimistic bubble can be
 * seen before the server answers. Other requests pass.
 */
async function holdSends(page: Page): Promise<{ release: () => void; held: Promise<Request> }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let seen!: (request: Request) => void;
  const held = new Promise<Request>((resolve) => (seen = resolve));
  await page.route(/\/api\/conversations\/[^/]+\/messages$/, async (route: Route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    seen(route.request());
    await released;
    return route.fallback();
  });
  return { release, held };
}

test('a customer writes while another conversation is open: their conversation rises within moments with an unread badge (the live stream, not the 30 s refresh), the title counts it, and opening it clears the badge', async () => {
  const { context, page, problems } = await newSession(browser);
  // Its own organization: in the demo inbox other specs' customers write at the same time (and take the
  // top row), and other specs open the newest conversation, which reads it.
  const { phoneNumberId } = await ownWorkspace(page, { name: 'Nadia Rahman', organizationName: 'Saffron & Sandal' });
  const earlier = newCustomer('Fatima');
  await makeAttentive(earlier);
  await customerWrites(phoneNumberId, earlier, 'Is the musk collection back in stock?');
  await storedConversation(page, earlier);
  // The inbox opens its live stream as it opens.
  const streamOpened = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
  await page.goto('/conversations');
  expect((await streamOpened).status()).toBe(200);
  await conversationList(page).getByRole('link').filter({ hasText: earlier.name }).click();
  await messagesWith(page, earlier).waitFor();
  await page.waitForFunction(() => document.title === 'Conversations | Parley');

  const customer = newCustomer('Hessa');
  await makeAttentive(customer);
  await customerWrites(phoneNumberId, customer, 'Do you have the amber oud in 50 ml?');
  await storedConversation(page, customer);

  const top = conversationList(page).getByRole('listitem').first();
  await top.filter({ hasText: customer.name }).filter({ has: page.getByText('1 unread', { exact: true }) }).waitFor({ timeout: LIVE_WAIT_MS });
  expect(await top.innerText()).toContain('Do you have the amber oud in 50 ml?');
  await page.waitForFunction(() => document.title === '(1) Conversations | Parley', undefined, { timeout: LIVE_WAIT_MS });

  const row = conversationList(page).getByRole('link').filter({ hasText: customer.name });
  await row.click();
  await bubble(page, customer, 'Do you have the amber oud in 50 ml?').waitFor();
  expect(await row.getAttribute('aria-current')).toBe('page');
  await row.getByText(/unread$/).waitFor({ state: 'detached' });
  expect(await row.innerText()).not.toMatch(/unread/);

  expect(problems).toEqual([]);
  await context.close();
});

test("two tabs of one browser share one live stream (the server sees one /api/events connection), and both lists show a new customer's conversation within moments", async () => {
  const { context, page, problems } = await newSession(browser);
  await signInThroughUi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const streams: string[] = [];
  context.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/events') streams.push(request.url());
  });
  const streamOpened = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/events');
  await page.goto('/conversations');
  expect((await streamOpened).status()).toBe(200);
  const second = await context.newPage();
  const secondProblems = watchForProblems(second);
  await second.goto('/conversations');
  await conversationList(second).getByRole('link').first().waitFor();

  const customer = newCustomer('Latifa');
  await makeAttentive(customer);
  await customerWrites(DEMO_PHONE_NUMBER_ID, customer, 'Can I collect my order from the Marina store?');
  await storedConversation(page, customer);
  for (const tab of [page, second]) {
    await conversationList(tab).getByRole('listitem').filter({ hasText: customer.name }).waitFor({ timeout: LIVE_WAIT_MS });
  }
  expect(streams).toHaveLength(1);

  expect([...problems, ...secondProblems]).toEqual([]);
  await context.close();
});

test('a reply shows at once as sending, then its ticks go sent → delivered → read', async () => {
  const { context, page, problems } = await newSession(browser);
  await signInThroughUi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const customer = newCustomer('Omar');
  await makeAttentive(customer);
  await customerWrites(DEMO_PHONE_NUMBER_ID, customer, 'Is the Eid offer valid online as well?');
  await openConversation(page, customer);

  const sends = await holdSends(page);
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('Yes, online and in every store until Friday.');
  await composer.press('Enter');
  await sends.held;
  const reply = bubble(page, customer, 'Yes, online and in every store until Friday.');
  await tick(reply, 'Sending').waitFor();
  expect(await composer.inputValue()).toBe('');

  sends.release();
  await tick(reply, 'Sent').waitFor({ timeout: TICK_WAIT_MS });
  await tick(reply, 'Delivered').waitFor({ timeout: TICK_WAIT_MS });
  await tick(reply, 'Read').waitFor({ timeout: TICK_WAIT_MS });
  expect(await reply.count()).toBe(1);
  expect((await sendsTo(customer)).map((sent) => sent.text)).toEqual(['Yes, online and in every store until Friday.']);

  expect(problems).toEqual([]);
  await context.close();
});

test('a send the WhatsApp API refuses is failed with Retry; once the API is back, Retry delivers it exactly once', async () => {
  const { context, page, problems } = await newSession(browser);
  // An organization of its own, on a made-up sandbox configuration: the fault injected on its phone
  // number touches nobody else's sends.
  const { phoneNumberId } = await ownWorkspace(page, { name: 'Samir Haddad', organizationName: 'Retry Flow Perfumes' });

  const customer = newCustomer('Reem');
  await makeAttentive(customer);
  await customerWrites(phoneNumberId, customer, 'Can I still change my order?');
  await openConversation(page, customer);

  const text = 'Yes — tell me what to change.';
  await injectFault(phoneNumberId, 'server_error');
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill(text);
  await composer.press('Enter');
  const message = bubble(page, customer, text);
  await tick(message, 'Failed').waitFor({ timeout: TICK_WAIT_MS });
  const retry = message.getByRole('button', { name: 'Retry' });
  await retry.waitFor();
  // It stays retryable once the screen's poll has brought the message as the server stored it: failed
  // with the API's reason.
  await message.getByText('Not delivered', { exact: true }).waitFor({ timeout: TICK_WAIT_MS });
  await tick(message, 'Failed').waitFor();
  await retry.waitFor();
  expect(await sendsTo(customer)).toEqual([]);

  await clearFaults(phoneNumberId);
  await retry.click();
  await tick(message, 'Delivered').or(tick(message, 'Read')).waitFor({ timeout: TICK_WAIT_MS });
  await retry.waitFor({ state: 'detached' });
  expect(await message.count()).toBe(1);
  expect((await sendsTo(customer)).map((sent) => sent.text)).toEqual([text]);

  expect(problems).toEqual([]);
  await context.close();
});

test('a closed window disables the composer, says why, and offers a template to this contact', async () => {
  const { context, page, problems } = await newSession(browser);
  await signInThroughUi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  await page.goto('/conversations');
  await page.getByRole('searchbox', { name: 'Search conversations' }).fill(CLOSED_WINDOW_CUSTOMER);
  await conversationList(page).getByRole('link').filter({ hasText: CLOSED_WINDOW_CUSTOMER }).click();
  await page.waitForURL(/\/conversations\/[^/?]+$/);
  const contactId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() ?? '');
  await messagesWith(page, { name: CLOSED_WINDOW_CUSTOMER }).getByText('Do you ship to Kuwait?').waitFor();

  const composer = page.getByRole('textbox', { name: 'Message' });
  expect(await composer.isDisabled()).toBe(true);
  expect(await page.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true);
  expect(await page.getByRole('button', { name: 'Attach file' }).isDisabled()).toBe(true);
  const banner = page.getByRole('alert').filter({ hasText: 'The 24-hour conversation window is closed' });
  await banner.waitFor();

  // The Admin may send in the chat and broadcast: both ways out (the Agent's are in template-from-chat.e2e).
  await banner.getByRole('button', { name: 'Send Template Message' }).waitFor();
  await banner.getByRole('link', { name: 'New Broadcast to this Contact' }).click();
  await page.waitForURL((url) => url.pathname === '/broadcast/new');
  expect(new URL(page.url()).searchParams.get('contactId')).toBe(contactId);

  expect(problems).toEqual([]);
  await context.close();
});

test('an image picked in the composer is sent and shown in the conversation', async () => {
  const { context, page, problems } = await newSession(browser);
  await signInThroughUi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  const customer = newCustomer('Layla');
  await makeAttentive(customer);
  await customerWrites(DEMO_PHONE_NUMBER_ID, customer, 'Can you send me a photo of the gift box?');
  await openConversation(page, customer);

  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Attach file' }).click();
  await (await chooser).setFiles({ name: 'gift-box.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  const staged = page.getByRole('form', { name: 'Send a file' });
  await staged.getByText('gift-box.png').waitFor();
  await staged.getByRole('button', { name: 'Send File' }).click();
  await staged.waitFor({ state: 'detached' });

  const image = messagesWith(page, customer).getByRole('img', { name: 'gift-box.png' });
  await image.waitFor({ timeout: TICK_WAIT_MS });
  await page.waitForFunction(
    (element) => element instanceof HTMLImageElement && element.complete && element.naturalWidth > 0,
    await image.elementHandle(),
  );
  expect(await image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  expect((await sendsTo(customer)).map((sent) => sent.type)).toEqual(['image']);

  expect(problems).toEqual([]);
  await context.close();
});
