import { randomInt } from 'node:crypto';
import type { Browser } from 'playwright-core';
import type { Tag } from '../../shared/api/tags';
import { launchBrowser, newSession } from '../support/browser';
import { api, choose, ownWorkspace } from '../support/broadcast-workspace';
import { joinAs } from '../support/team';

/**
 * Drafts against the real server: a member whose role composes broadcasts but may not send them
 * (broadcasts:create without broadcasts:send) is offered Save draft alone, saves one, finds it in the
 * list as a draft with no Send button, and the API refuses to send it for them; the founder, who may
 * send, sends it from the list. (A scheduled broadcast starting after a restart is tested on the server,
 * broadcast-drafts.test.ts: the browser tests share one server that cannot be restarted mid-run.)
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
