import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import type { Contact } from '../../shared/api/contacts';
import type { Tag } from '../../shared/api/tags';
import { specBrowser } from '../support/browser';
import { api, choose, DISPATCH_WAIT_MS } from '../support/broadcast-workspace';
import { ownWorkspace } from '../support/workspace';
import { customerWrites, makeAttentive, newCustomer, sendsTo, storedConversation, type SandboxCustomer } from '../support/sandbox';
import { until } from '../support/until';

/**
 * Personal broadcasts against the real server, its dispatcher and the sandbox: a supervisor makes the
 * greeting's variable the contact's name with the fallback "there", previews it for a real recipient,
 * and sends it to three customers, one of whom the business has no name for. The sandbox received
 * each customer's own text.
 */

/** The sandbox's welcome_message: "Thanks for connecting with us on WhatsApp, {{1}}! …" in the body. */
const TEMPLATE = 'welcome_message';
const bodyFor = (name: string) => `Thanks for connecting with us on WhatsApp, ${name}! Reply here any time to reach our team.`;

const browser = specBrowser();

/** The customer's contact once they wrote, named so by the business (null: no name, only the WhatsApp profile name), in `tag`. */
async function contactOf(page: Page, phoneNumberId: string, customer: SandboxCustomer, tag: Tag, name: string | null): Promise<Contact> {
  await makeAttentive(customer);
  await customerWrites(phoneNumberId, customer, 'Hello!');
  const { contact } = await storedConversation(page, customer);
  const stored = await api<Contact>(page, 'GET', `/contacts/${contact.id}`);
  return api<Contact>(page, 'PUT', `/contacts/${contact.id}`, {
    name, countryCode: stored.countryCode, phoneNumber: stored.phoneNumber, tagIds: [tag.id],
  });
}

test('a broadcast with { field: "name", fallback: "there" } reaches three contacts, each with their own text', async () => {
  const { context, page, problems } = await browser.newSession();
  const { phoneNumberId } = await ownWorkspace(page, { name: 'Huda Nasser', organizationName: 'Saffron Lane Bakery' });

  const tag = await api<Tag>(page, 'POST', '/tags', { name: `Regulars ${randomInt(1_000_000)}`, color: '#388e3c' });
  const [amal, omar, unnamed] = [newCustomer('Amal'), newCustomer('Omar'), newCustomer('Sami')];
  await contactOf(page, phoneNumberId, amal, tag, 'Amal');
  await contactOf(page, phoneNumberId, omar, tag, 'Omar');
  const nameless = await contactOf(page, phoneNumberId, unnamed, tag, null);

  await page.goto('/broadcast/new');
  await page.getByRole('heading', { name: 'New Broadcast', level: 1 }).waitFor();
  await choose(page, /^Template/, new RegExp(`^${TEMPLATE} \\(en\\)$`));
  await choose(page, 'Parameter 1 value', 'Contact field');
  await page.getByRole('combobox', { name: 'Parameter 1 contact field' }).getByText('Name').waitFor();
  await page.getByRole('textbox', { name: 'Parameter 1 fallback' }).fill('there');
  await page.getByRole('combobox', { name: 'Tags' }).click();
  await page.getByRole('option', { name: tag.name }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('status').filter({ hasText: 'This broadcast will reach 3 contacts.' }).waitFor();

  // The preview shows a real recipient of the audience, and steps to the next.
  const preview = page.getByRole('figure', { name: 'Message preview' });
  await page.getByText(/^Shown for .+, recipient 1 of 3$/).waitFor();
  await page.getByRole('button', { name: 'Next recipient' }).click();
  await page.getByText(/^Shown for .+, recipient 2 of 3$/).waitFor();
  await preview.getByText(/^Thanks for connecting with us on WhatsApp, (Amal|Omar|there)!/).waitFor();

  await page.getByRole('button', { name: 'Send now' }).click();
  await page.waitForURL(/\/broadcast\/[^/]+\/analytics$/);
  await page.getByText('Completed', { exact: true }).waitFor({ timeout: DISPATCH_WAIT_MS });

  const received = async (customer: SandboxCustomer) => (await sendsTo(customer)).filter((sent) => sent.type === 'template').map((sent) => sent.text);
  await until(async () => (await received(unnamed)).length === 1, 'the nameless contact’s send', DISPATCH_WAIT_MS);
  expect(await received(amal)).toEqual([bodyFor('Amal')]);
  expect(await received(omar)).toEqual([bodyFor('Omar')]);
  expect(await received(unnamed)).toEqual([bodyFor('there')]);

  // The chat shows the nameless contact what they got.
  await page.goto(`/conversations/${nameless.id}`);
  await page.getByText(bodyFor('there')).waitFor();

  expect(problems).toEqual([]);
  await context.close();
});
