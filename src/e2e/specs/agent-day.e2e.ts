import type { Browser, Page } from 'playwright-core';
import { WINDOW_CLOSED_MESSAGE, type Conversation, type ConversationResponse } from '../../shared/api/conversations';
import type { SessionResponse } from '../../shared/api/auth';
import { launchBrowser, newSession, signInThroughUi } from '../support/browser';
import { customerWrites, DEMO_PHONE_NUMBER_ID, makeAttentive, newCustomer, sendsTo } from '../support/sandbox';
import { openChat } from '../support/chat';
import { DEMO_ADMIN, joinAs, type JoinedMember } from '../support/team';

/**
 * An agent's day in the demo organization, as the default Agent role has it: taking an unassigned
 * conversation, resolving it and undoing the resolve; a canned response typed with "/"; and WhatsApp's
 * 24-hour rule holding on a conversation a Click-to-WhatsApp ad started (the free entry point makes
 * messages free, it does not widen what may be sent).
 */

const HOUR_MS = 3_600_000;

let browser: Browser;
let admin: Awaited<ReturnType<typeof newSession>>;
let agent: JoinedMember;
beforeAll(async () => {
  browser = await launchBrowser();
  admin = await newSession(browser);
  await signInThroughUi(admin.page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  agent = await joinAs(browser, admin.page, 'Agent', 'Omar Haddad');
});
afterAll(async () => {
  await browser.close();
});

async function conversationNow(page: Page, id: string): Promise<Conversation> {
  const response = await page.request.get(`/api/conversations/${id}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as ConversationResponse).conversation;
}

test('an Agent takes an unassigned conversation, resolves it, and reopens a mistaken resolve', async () => {
  const customer = newCustomer('Latifa');
  await makeAttentive(customer);
  await customerWrites(DEMO_PHONE_NUMBER_ID, customer, 'Is the saffron back in stock?');
  const { page, problems } = agent;
  const conversation = await openChat(page, customer);
  expect(conversation.assignedToId).toBeNull();

  await page.getByRole('button', { name: 'Assign to me' }).click();
  await page.getByRole('button', { name: 'Mark as Resolved' }).waitFor();
  const { user } = (await (await page.request.get('/api/auth/verify')).json()) as SessionResponse;
  expect((await conversationNow(page, conversation.id)).assignedToId).toBe(user.userId);

  await page.getByRole('button', { name: 'Mark as Resolved' }).click();
  await page.getByRole('button', { name: 'Reopen' }).waitFor();
  expect((await conversationNow(page, conversation.id)).status).toBe('resolved');

  await page.getByRole('button', { name: 'Reopen' }).click();
  await page.getByRole('button', { name: 'Mark as Resolved' }).waitFor();
  expect((await conversationNow(page, conversation.id)).status).toBe('open');
  expect(problems).toEqual([]);
});

test('"/" in the composer offers the canned responses; Enter inserts one with the customer and the agent filled in, and it is sent as written', async () => {
  const shortcut = `stock-${Date.now() % 100_000}`;
  const created = await admin.page.request.post('/api/canned-responses', {
    data: { shortcut, content: 'Hello {{contact.name}}, {{agent.name}} here: it is back in stock.' },
  });
  expect(created.status()).toBe(201);
  const customer = newCustomer('Mariam');
  await makeAttentive(customer);
  await customerWrites(DEMO_PHONE_NUMBER_ID, customer, 'Any news on the rose water?');
  const { page, problems, name } = agent;
  await openChat(page, customer);

  const message = page.getByRole('textbox', { name: 'Message' });
  await message.fill(`/${shortcut}`);
  await page.getByRole('listbox', { name: 'Canned responses' }).getByRole('option', { name: new RegExp(shortcut) }).waitFor();
  await message.press('Enter');
  const filled = `Hello ${customer.name}, ${name} here: it is back in stock.`;
  expect(await message.inputValue()).toBe(filled);

  await page.getByRole('button', { name: 'Send message' }).click();
  const thread = page.getByRole('region', { name: `Messages with ${customer.name}` });
  await thread.getByRole('listitem').filter({ hasText: filled }).getByRole('img', { name: /^(Sent|Delivered|Read)$/ }).waitFor({ timeout: 20_000 });
  expect((await sendsTo(customer)).map((sent) => sent.text)).toContain(filled);
  expect(problems).toEqual([]);
});

test('25 hours after a Click-to-WhatsApp ad message, free-form replies are refused before any call to WhatsApp', async () => {
  const customer = newCustomer('Shamma');
  await makeAttentive(customer);
  await customerWrites(DEMO_PHONE_NUMBER_ID, customer, 'I saw your Eid ad', { at: Date.now() - 25 * HOUR_MS, referral: true });
  const { page, problems } = agent;
  const conversation = await openChat(page, customer);
  expect(conversation.isConversationWindowOpen).toBe(false);

  // The screen says why and offers no free-form send.
  await page.getByText(WINDOW_CLOSED_MESSAGE).waitFor();
  expect(await page.getByRole('textbox', { name: 'Message' }).isDisabled()).toBe(true);

  // The API refuses it too, and WhatsApp is never asked.
  const refused = await page.request.post(`/api/conversations/${conversation.id}/messages`, { data: { content: 'Eid Mubarak!' } });
  expect(refused.status()).toBe(409);
  expect(await refused.json()).toEqual({ error: WINDOW_CLOSED_MESSAGE });
  expect(await sendsTo(customer)).toEqual([]);
  expect(problems).toEqual([]);
});
