import { specBrowser } from '../support/browser';
import { ownWorkspace } from '../support/workspace';
import { openChat } from '../support/chat';
import { customerWrites, makeAttentive, newCustomer } from '../support/sandbox';

/**
 * The inbox reports against the real server: a customer writes (twelve minutes ago, back-dated through
 * the sandbox), the test answers from the inbox, and the Reports screen shows that first response, in an
 * organization of its own so no other spec's conversations move the figures.
 */

const { newSession } = specBrowser();
const WROTE_MINUTES_AGO = 12;

test('a conversation answered from the inbox gives the reports a first response time', async () => {
  const { context, page, problems } = await newSession();
  const { phoneNumberId } = await ownWorkspace(page, { name: 'Reem Saleh', organizationName: 'Saffron Reports' });
  const customer = newCustomer('Yousef');
  await makeAttentive(customer);
  await customerWrites(phoneNumberId, customer, 'Is the saffron from Herat?', { at: Date.now() - WROTE_MINUTES_AGO * 60_000 });

  await openChat(page, customer);
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('It is, harvested this autumn.');
  await composer.press('Enter');
  await page.getByRole('region', { name: `Messages with ${customer.name}` }).getByRole('listitem')
    .filter({ hasText: 'It is, harvested this autumn.' }).getByRole('img', { name: 'Sent', exact: true }).waitFor({ timeout: 20_000 });

  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Reports' }).click();
  await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
  const summary = page.locator('dl[aria-label="Summary"]');
  const firstResponse = summary.locator('dt', { hasText: 'Median first response' }).locator('xpath=following-sibling::dd[1]');
  // Whole minutes: the reply went out a moment after the twelve minutes.
  expect(await firstResponse.innerText()).toMatch(/^1[23]min$/);
  expect(await summary.locator('dt', { hasText: 'Conversations opened' }).locator('xpath=following-sibling::dd[1]').innerText()).toBe('1');
  await page.getByRole('table', { name: 'Customer messages by day and hour' }).waitFor();

  expect(problems).toEqual([]);
  await context.close();
});
