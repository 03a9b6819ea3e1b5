import type { Browser } from 'playwright-core';
import { launchBrowser, newSession, signInThroughUi } from '../support/browser';
import { customerWrites, DEMO_PHONE_NUMBER_ID, makeAttentive, newCustomer, sendsTo } from '../support/sandbox';
import { openChat } from '../support/chat';
import { DEMO_ADMIN, joinAs, type JoinedMember } from '../support/team';
import { until } from '../support/until';

/**
 * No dead end on a closed window, as the default Agent role has it: the template picker in the chat
 * sends an approved template the sandbox accepts once, and the thread shows it. And the composer's
 * tools: the emoji picker (the real library, loaded when opened) and an image's thumbnail before it is sent.
 */

const HOUR_MS = 3_600_000;
/** A 1×1 PNG. */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

let browser: Browser;
let agent: JoinedMember;
beforeAll(async () => {
  browser = await launchBrowser();
  const admin = await newSession(browser);
  await signInThroughUi(admin.page, DEMO_ADMIN.email, DEMO_ADMIN.password);
  agent = await joinAs(browser, admin.page, 'Agent', 'Salma Nasser');
  await admin.context.close();
});
afterAll(async () => {
  await browser.close();
});

test('on a closed window an Agent sends a template from the chat, once, and sees it in the thread', async () => {
  const customer = newCustomer('Noura');
  await makeAttentive(customer);
  await customerWrites(DEMO_PHONE_NUMBER_ID, customer, 'Is my order on its way?', { at: Date.now() - 25 * HOUR_MS });
  const { page, problems } = agent;
  const earlierProblems = problems.length;
  await openChat(page, customer);

  const banner = page.getByRole('alert').filter({ hasText: 'The 24-hour conversation window is closed' });
  await banner.waitFor();
  // The Agent cannot create broadcasts: no link to a screen they may not open.
  expect(await banner.getByRole('link').count()).toBe(0);
  await banner.getByRole('button', { name: 'Send Template Message' }).click();

  const dialog = page.getByRole('dialog', { name: 'Send Template Message' });
  await dialog.getByRole('combobox', { name: /^Template/ }).click();
  await page.getByRole('option', { name: 'order_confirmation (en_US)' }).click();
  // The greeted variable is the contact's name, as a contact field.
  expect(await dialog.getByRole('combobox', { name: 'Parameter 1 contact field' }).textContent()).toContain('Name');
  await dialog.getByRole('textbox', { name: 'Parameter 2', exact: true }).fill('DR-4410');
  await dialog.getByRole('textbox', { name: 'Parameter 3', exact: true }).fill('Sunday');
  const preview = dialog.getByRole('figure', { name: 'Message preview' });
  await preview.getByText(`Hi ${customer.name}, thank you for shopping with Desert Rose Trading. Your order DR-4410 will arrive on Sunday.`).waitFor();
  await dialog.getByRole('button', { name: 'Send Template' }).click();
  await dialog.waitFor({ state: 'detached' });

  const thread = page.getByRole('region', { name: `Messages with ${customer.name}` });
  const sent = thread.getByRole('listitem').filter({ hasText: 'Template: order_confirmation' });
  await sent.getByText('Your order DR-4410 will arrive on Sunday.', { exact: false }).waitFor();
  const sends = await sendsTo(customer);
  expect(sends.map((send) => send.type)).toEqual(['template']);
  expect(problems.slice(earlierProblems)).toEqual([]);
});

test('the emoji picker loads when opened and puts the emoji at the caret; a picked image shows its thumbnail before sending', async () => {
  const customer = newCustomer('Rania');
  await makeAttentive(customer);
  await customerWrites(DEMO_PHONE_NUMBER_ID, customer, 'Hello, do you have gift boxes?');
  const { page, problems } = agent;
  const earlierProblems = problems.length;
  await openChat(page, customer);

  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Yes we do');
  await box.evaluate((element: HTMLTextAreaElement) => element.setSelectionRange(3, 3));
  const emojiButton = page.getByRole('button', { name: 'Insert emoji' });
  await emojiButton.click();
  const picker = page.getByRole('dialog', { name: 'Emoji picker' });
  await picker.getByRole('searchbox').or(picker.getByRole('textbox')).first().fill('grinning face');
  await picker.getByLabel('grinning face', { exact: true }).first().click();
  // The emoji goes in once the picker has closed.
  await until(async () => (await box.inputValue()) === 'Yes😀 we do', 'the emoji in the message box', 5_000);
  await until(() => box.evaluate((element) => element === document.activeElement), 'the message box to take the focus back', 5_000);
  expect(await box.evaluate((element: HTMLTextAreaElement) => element.selectionStart)).toBe('Yes😀'.length);

  await emojiButton.click();
  await picker.waitFor();
  await page.keyboard.press('Escape');
  await picker.waitFor({ state: 'detached' });
  await until(() => emojiButton.evaluate((element) => element === document.activeElement), 'the emoji button to take the focus back', 5_000);

  await page.locator('input[type="file"]').setInputFiles({ name: 'gift-box.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  const thumbnail = page.getByRole('form', { name: 'Send a file' }).getByRole('img', { name: 'Preview of gift-box.png' });
  await thumbnail.waitFor();
  await page.waitForFunction((image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth === 1, await thumbnail.elementHandle());
  expect(await thumbnail.getAttribute('src')).toMatch(/^blob:/);
  expect(problems.slice(earlierProblems)).toEqual([]);
});
