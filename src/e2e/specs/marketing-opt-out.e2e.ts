import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { Contact } from '../../shared/api/contacts';
import type { Tag } from '../../shared/api/tags';
import { auditPage, blocking, formatViolations, openInColorScheme, paintedScheme, waitUntilSettled, type ColorScheme } from '../support/accessibility';
import { specBrowser } from '../support/browser';
import { api, choose, DISPATCH_WAIT_MS } from '../support/broadcast-workspace';
import { ownWorkspace } from '../support/workspace';
import { customerWrites, makeAttentive, newCustomer, sendsTo, storedConversation, type SandboxCustomer } from '../support/sandbox';
import { until } from '../support/until';

/**
 * Marketing opt-out against the real server, its dispatcher and the sandbox: of three customers in a
 * tag, one replies STOP. The Contacts screen shows the opt-out, the next MARKETING broadcast to the tag
 * leaves that customer out (the form says so beforehand), the other two receive it, and the
 * broadcast's analytics shows "Opted out 1".
 */

/** The sandbox's welcome_message is a MARKETING template with one variable. */
const TEMPLATE = 'welcome_message';

const browser = specBrowser();

/** The customer's contact once they wrote, put in `tag`. */
async function taggedContact(page: Page, phoneNumberId: string, customer: SandboxCustomer, tag: Tag): Promise<Contact> {
  await makeAttentive(customer);
  await customerWrites(phoneNumberId, customer, 'Hello!');
  const { contact } = await storedConversation(page, customer);
  const stored = await api<Contact>(page, 'GET', `/contacts/${contact.id}`);
  return api<Contact>(page, 'PUT', `/contacts/${contact.id}`, {
    name: customer.name, countryCode: stored.countryCode, phoneNumber: stored.phoneNumber, tagIds: [tag.id],
  });
}

test('a STOP reply keeps that contact out of the next MARKETING broadcast, and its analytics shows Opted out 1', async () => {
  const { context, page, problems } = await browser.newSession();
  const { phoneNumberId } = await ownWorkspace(page, { name: 'Rana Aziz', organizationName: 'Cedar Grove Sweets' });

  const tag = await api<Tag>(page, 'POST', '/tags', { name: `Offers ${randomInt(1_000_000)}`, color: '#388e3c' });
  const [leila, karim, stopper] = [newCustomer('Leila'), newCustomer('Karim'), newCustomer('Nadia')];
  for (const customer of [leila, karim, stopper]) await taggedContact(page, phoneNumberId, customer, tag);

  await customerWrites(phoneNumberId, stopper, '  Stop ');
  await until(async () => (await api<Contact>(page, 'GET', `/contacts/${(await storedConversation(page, stopper)).contact.id}`)).optedOutAt !== null,
    'the STOP reply’s opt-out', 15_000);

  await page.goto('/contacts');
  const stopperRow = page.getByRole('row').filter({ hasText: stopper.name });
  await stopperRow.getByText('Opted out').waitFor();

  await page.goto('/broadcast/new');
  await page.getByRole('heading', { name: 'New Broadcast', level: 1 }).waitFor();
  await choose(page, /^Template/, new RegExp(`^${TEMPLATE} \\(en\\)$`));
  await choose(page, 'Parameter 1 value', 'Contact field');
  await page.getByRole('textbox', { name: 'Parameter 1 fallback' }).fill('there');
  await page.getByRole('combobox', { name: 'Tags' }).click();
  await page.getByRole('option', { name: tag.name }).click();
  await page.keyboard.press('Escape');
  await page.getByText('Of these, 1 contact opted out of marketing messages and will not be sent this template.').waitFor();

  await page.getByRole('button', { name: 'Send now' }).click();
  await page.waitForURL(/\/broadcast\/[^/]+\/analytics$/);
  const received = async (customer: SandboxCustomer) => (await sendsTo(customer)).filter((sent) => sent.type === 'template');
  await until(async () => (await received(leila)).length === 1 && (await received(karim)).length === 1, 'the two sends', DISPATCH_WAIT_MS);
  expect(await received(stopper)).toEqual([]);

  const optedOut = page.getByRole('list', { name: 'Figures' }).getByRole('listitem').filter({ hasText: 'Opted out' });
  await optedOut.getByText('1', { exact: true }).waitFor({ timeout: DISPATCH_WAIT_MS });

  expect(problems).toEqual([]);
  await context.close();
});

test.each<ColorScheme>(['light', 'dark'])('the opt-out on Contacts and in New Broadcast passes axe (WCAG 2.1 AA) in the %s scheme, and fits 390 px', async (scheme) => {
  const { context, page, problems } = await browser.newSession();
  await openInColorScheme(context, scheme);
  const { phoneNumberId } = await ownWorkspace(page, { name: 'Salma Idris', organizationName: `Fig Tree Market ${scheme}` });
  await page.setViewportSize({ width: 390, height: 844 });
  const customer = newCustomer('Yara');
  await makeAttentive(customer);
  await customerWrites(phoneNumberId, customer, 'STOP');
  const { contact } = await storedConversation(page, customer);

  const audit = async (what: string) => {
    await waitUntilSettled(page);
    expect(await paintedScheme(page)).toBe(scheme);
    const violations = blocking(await auditPage(page));
    if (violations.length > 0) throw new Error(`${what} (${scheme}) has accessibility violations:\n${formatViolations(violations)}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  };

  await page.goto('/contacts');
  await page.getByRole('row').filter({ hasText: customer.name }).getByText('Opted out').waitFor();
  await audit('Contacts with an opted-out contact');

  await page.goto(`/broadcast/new?contactId=${contact.id}`);
  await page.getByRole('heading', { name: 'New Broadcast', level: 1 }).waitFor();
  await choose(page, /^Template/, new RegExp(`^${TEMPLATE} \\(en\\)$`));
  await page.getByText('Of these, 1 contact opted out of marketing messages and will not be sent this template.').waitFor();
  await audit('New Broadcast leaving an opted-out contact out');

  expect(problems).toEqual([]);
  await context.close();
});
