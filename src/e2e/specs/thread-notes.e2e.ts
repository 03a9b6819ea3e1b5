import type { Browser } from 'playwright-core';
import { THREAD_NOTE_LABEL } from '../../shared/api/thread-notes';
import { launchBrowser, type newSession } from '../support/browser';
import { customerWrites, DEMO_PHONE_NUMBER_ID, makeAttentive, newCustomer, sendsTo, storedConversation } from '../support/sandbox';
import { demoAdminWithMember, type JoinedMember } from '../support/team';

/**
 * Notes in the thread, in the real app against the built-in sandbox: a note typed in the chat (with an
 * @mention picked from the keyboard) shows in the thread with its label, WhatsApp is never asked to
 * send it, and the mentioned Agent finds the conversation under Mentions.
 */

let browser: Browser;
let admin: Awaited<ReturnType<typeof newSession>>;
let agent: JoinedMember;
beforeAll(async () => {
  browser = await launchBrowser();
  // A name made unique by random letters (a member's name takes letters and spaces only).
  ({ admin, member: agent } = await demoAdminWithMember(browser, 'Agent', newCustomer('Noura').name));
});
afterAll(async () => {
  await browser.close();
});

test('a note typed in the chat shows in the thread with its label, is never sent to WhatsApp, and reaches the mentioned Agent\'s Mentions', async () => {
  const customer = newCustomer('Hessa');
  await makeAttentive(customer);
  await customerWrites(DEMO_PHONE_NUMBER_ID, customer, 'Can I change my delivery address?');
  const { page, problems } = admin;
  const conversation = await storedConversation(page, customer);
  await page.goto(`/conversations/${conversation.contact.id}`);
  const thread = page.getByRole('region', { name: `Messages with ${customer.name}` });
  await thread.waitFor();

  await page.getByRole('button', { name: 'Note' }).click();
  const box = page.getByRole('textbox', { name: 'Note' });
  await box.fill('Address change approved, ');
  await box.press('End');
  await box.pressSequentially(`@${agent.name.split(' ')[0]}`);
  await page.getByRole('listbox', { name: 'Mention a teammate' }).getByRole('option', { name: agent.name }).waitFor();
  await box.press('Enter');
  await box.pressSequentially('please confirm with the courier');
  const text = `Address change approved, @${agent.name} please confirm with the courier`;
  expect(await box.inputValue()).toBe(text);
  await box.press('Enter');

  const note = thread.getByRole('article', { name: 'Note' }).filter({ hasText: text });
  await note.waitFor();
  await note.getByText(THREAD_NOTE_LABEL).waitFor();
  // Its author, the demo organization's Admin.
  await note.getByText('Amira Haddad').waitFor();
  expect(await box.inputValue()).toBe('');
  expect(await sendsTo(customer)).toEqual([]);

  // The mentioned Agent's Mentions filter lists the conversation.
  await agent.page.goto('/conversations');
  await agent.page.getByRole('button', { name: 'Mentions' }).click();
  await agent.page.getByRole('link', { name: new RegExp(customer.name) }).first().waitFor();
  expect(await sendsTo(customer)).toEqual([]);
  expect(problems).toEqual([]);
  expect(agent.problems).toEqual([]);
});
