import { randomInt } from 'node:crypto';
import type { Browser } from 'playwright-core';
import type { BroadcastDetail } from '../../shared/api/broadcast-detail';
import type { Contact } from '../../shared/api/contacts';
import type { Tag } from '../../shared/api/tags';
import type { TemplatesResponse } from '../../shared/api/templates';
import { launchBrowser, newSession } from '../support/browser';
import { api, choose, DISPATCH_WAIT_MS } from '../support/broadcast-workspace';
import { ownWorkspace } from '../support/workspace';
import { newCustomer, sendsTo } from '../support/sandbox';
import { joinAs } from '../support/team';
import { until } from '../support/until';

/**
 * Drafts against the real server: a member whose role composes broadcasts but may not send them
 * (broadcasts:create without broadcasts:send) is offered Save draft alone, saves one, finds it in the
 * list as a draft with no Send button, and the API refuses to send it for them; the founder, who may
 * send, sends it from the list. A saved draft opens in the form from the list's Edit, is renamed and sent
 * from there. (A broadcast scheduled in the browser and started on time after a restart is in
 * several-machines.e2e.ts, which runs processes of its own: the other browser tests share one server
 * that cannot be restarted mid-run.)
 */

const TEMPLATE = 'welcome_message';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

test('a member without broadcasts:send saves a draft and cannot send it; a member who may, sends it', async () => {
  const founder = await newSession(browser);
  await ownWorkspace(founder.page, { name: 'Rana Khoury', organizationName: 'Cedar Spice House' });
  const tag = await api<Tag>(founder.page, 'POST', '/tags', { name: `Spice club ${randomInt(1_000_000)}`, color: '#388e3c' });
  await api(founder.page, 'POST', '/contacts', {
    name: 'Nadia Fares', countryCode: '+971', phoneNumber: `50${randomInt(1_000_000, 9_999_999)}`, tagIds: [tag.id],
  });
  await api<unknown>(founder.page, 'POST', '/roles', {
    name: 'Campaign Drafter',
    description: 'Prepares broadcasts for approval',
    permissions: ['broadcasts:view', 'broadcasts:create', 'templates:view', 'contacts:view'],
  });
  const drafter = await joinAs(browser, founder.page, 'Campaign Drafter', 'Dana Drafter');

  const { page } = drafter;
  await page.goto('/broadcast/new');
  await page.getByRole('heading', { name: 'New Broadcast', level: 1 }).waitFor();
  await page.getByText(/The audience is counted again when sending starts/).waitFor();
  expect(await page.getByRole('button', { name: 'Send now' }).count()).toBe(0);
  expect(await page.getByRole('button', { name: 'Schedule' }).count()).toBe(0);
  await choose(page, /^Template/, new RegExp(`^${TEMPLATE} \\(en\\)$`));
  await page.getByRole('textbox', { name: /^Parameter 1/ }).fill('friend');
  await page.getByRole('combobox', { name: 'Tags' }).click();
  await page.getByRole('option', { name: tag.name }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('status').filter({ hasText: 'This broadcast will reach 1 contact.' }).waitFor();
  await page.getByRole('textbox', { name: 'Name' }).fill('Autumn spices, for approval');
  await page.getByRole('button', { name: 'Save draft' }).click();

  await page.waitForURL(/\/broadcast$/);
  const row = page.getByRole('row').filter({ hasText: 'Autumn spices, for approval' });
  await row.getByText('Draft', { exact: true }).waitFor();
  await row.getByText(`Template ${TEMPLATE} · To ${tag.name}`).waitFor();
  await row.getByText('by Dana Drafter').waitFor();
  expect(await row.getByRole('button', { name: /^Send / }).count()).toBe(0);

  const { data } = await api<{ data: Array<{ id: string; name: string }> }>(page, 'GET', '/broadcast?status=draft');
  const draft = data.find((broadcast) => broadcast.name === 'Autumn spices, for approval');
  const refused = await page.request.post(`/api/broadcast/${draft?.id}/send`, { data: {} });
  expect(refused.status()).toBe(403);

  await founder.page.goto('/broadcast');
  const founderRow = founder.page.getByRole('row').filter({ hasText: 'Autumn spices, for approval' });
  await founderRow.getByRole('button', { name: 'Send Autumn spices, for approval now' }).click();
  await founder.page.getByText('Sending "Autumn spices, for approval"').waitFor();
  await founderRow.getByText(/^Sent /).waitFor();
  expect(await founderRow.getByText('Draft', { exact: true }).count()).toBe(0);

  expect([...founder.problems, ...drafter.problems]).toEqual([]);
  await drafter.context.close();
  await founder.context.close();
});

test('a saved draft opens from the list in the form, is renamed and sent from there', async () => {
  const founder = await newSession(browser);
  const { page } = founder;
  await ownWorkspace(page, { name: 'Karim Haddad', organizationName: 'Olive Grove Pantry' });
  const customer = newCustomer('Yara');
  const contact = await api<Contact>(page, 'POST', '/contacts', { name: customer.name, countryCode: '+971', phoneNumber: customer.waId.slice(3) });
  const templates = await api<TemplatesResponse>(page, 'GET', '/templates/local?status=APPROVED&page=1&limit=100');
  const templateId = templates.data.find((template) => template.name === TEMPLATE)?.id;
  const draft = await api<{ id: string }>(page, 'POST', '/broadcast', {
    templateId, parameters: ['friend'], contactIds: [contact.id], draft: true, name: 'Olive harvest, draft',
  });

  await page.goto('/broadcast');
  await page.getByRole('row').filter({ hasText: 'Olive harvest, draft' }).getByRole('link', { name: 'Edit Olive harvest, draft' }).click();
  await page.getByRole('heading', { name: 'Edit Broadcast', level: 1 }).waitFor();
  const form = page.getByRole('form', { name: 'Edit broadcast' });
  await form.getByRole('button', { name: customer.name }).waitFor();
  const name = form.getByRole('textbox', { name: 'Name' });
  expect(await name.inputValue()).toBe('Olive harvest, draft');
  expect(await form.getByRole('textbox', { name: /^Parameter 1/ }).inputValue()).toBe('friend');
  await name.fill('Olive harvest, final');
  await form.getByRole('button', { name: 'Send now' }).click();

  await page.getByText('Broadcast sending: 1 recipient').waitFor();
  await page.waitForURL(new RegExp(`/broadcast/${draft.id}/analytics$`));
  await until(async () => (await sendsTo(customer)).length === 1, 'the sandbox received the edited broadcast', DISPATCH_WAIT_MS);
  const sent = await api<BroadcastDetail>(page, 'GET', `/broadcast/${draft.id}`);
  expect(sent.name).toBe('Olive harvest, final');
  expect(sent.status).not.toBe('draft');

  expect(founder.problems).toEqual([]);
  await founder.context.close();
});
