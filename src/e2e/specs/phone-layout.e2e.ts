import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { broadcastScreen, FIXTURE_BROADCAST_ID, FIXTURE_DRAFT_ID } from '../support/broadcast-screens';
import { baseUrl, launchBrowser, signInThroughUi, watchForProblems } from '../support/browser';
import { overflowInside, PRODUCT_GRIDS, sidewaysOverflow } from '../support/layout';
import { DEMO_ADMIN } from '../support/team';

/**
 * On a phone (390 × 844 CSS px, an iPhone 14's viewport) no screen scrolls sideways, and what an agent
 * does daily stays in reach: the inbox shows one pane at a time with a way back, and the chat's actions
 * and composer fit the width.
 */

const PHONE = { width: 390, height: 844 };

let browser: Browser;
let context: BrowserContext;
let page: Page;
let problems: string[];
beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ baseURL: baseUrl(), viewport: PHONE, isMobile: true, hasTouch: true });
  page = await context.newPage();
  problems = watchForProblems(page);
  await signInThroughUi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
});
afterAll(async () => {
  await browser.close();
});

/** Whether the control lies wholly inside the viewport's width. */
async function withinWidth(control: Locator): Promise<boolean> {
  const box = await control.boundingBox();
  return box !== null && box.x >= 0 && box.x + box.width <= PHONE.width;
}

const SCREENS: ReadonlyArray<readonly [string, string, (target: Page) => Promise<void>]> = [
  ['Dashboard', '/', (target) => target.getByRole('heading', { name: /^Welcome back, /, level: 1 }).waitFor()],
  ['Contacts', '/contacts', (target) => target.getByRole('heading', { name: 'Contacts', level: 1 }).waitFor()],
  ['Conversations', '/conversations', (target) => target.getByRole('list', { name: 'Conversations' }).waitFor()],
  ['Templates', '/templates', (target) => target.getByRole('heading', { name: 'Templates', level: 1 }).waitFor()],
  ['Tags', '/tags', (target) => target.getByRole('heading', { name: 'Tags', level: 1 }).waitFor()],
  ['Broadcasts', '/broadcast', (target) => target.getByRole('heading', { name: 'Broadcasts', level: 1 }).waitFor()],
  ['New Broadcast', '/broadcast/new', (target) => target.getByRole('heading', { name: 'New Broadcast', level: 1 }).waitFor()],
  ['Reports', '/reports', (target) => target.locator('dl[aria-label="Summary"]').waitFor()],
  ['Settings: Profile', '/settings?tab=profile', (target) => target.getByRole('region', { name: 'Change Email Address' }).waitFor()],
  ['Email confirmation link', '/confirm-email/an-unused-token', (target) => target.getByRole('heading', { name: 'Confirm Your New Email Address' }).waitFor()],
  ['Settings: Organization', '/settings?tab=organization', (target) => target.getByRole('grid', { name: 'Organization setting changes' }).waitFor()],
  ['Settings: Team Members', '/settings?tab=members', (target) => target.getByRole('tab', { name: 'Team Members', selected: true }).waitFor()],
  ['Settings: Roles', '/settings?tab=roles', (target) => target.getByRole('tab', { name: 'Roles', selected: true }).waitFor()],
  ['Settings: Canned Responses', '/settings?tab=canned-responses', (target) => target.getByRole('tab', { name: 'Canned Responses', selected: true }).waitFor()],
];

test.each(SCREENS)('%s does not scroll sideways at 390 px', async (_name, path, shown) => {
  await page.goto(path);
  await shown(page);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
});

// Each table and its row actions (by the names they have at every width); Templates has none.
const ROW_ACTIONS: ReadonlyMap<string, RegExp | null> = new Map([
  ['Tags', /^(Edit|Delete|Restore) tag /],
  ['Team Members', /^(Change role of|Remove) /],
  ['Pending Invitations', /^(Copy Link|Resend) \(invitation for /],
  ['Roles', /^(Edit|Delete) /],
  ['Templates', null],
]);
const TABLES = PRODUCT_GRIDS.filter(([name]) => ROW_ACTIONS.has(name)).map(([name, path, gridOf]) => [name, path, gridOf, ROW_ACTIONS.get(name) ?? null] as const);

test.each(TABLES)('%s at 390 px: the page does not scroll sideways, the first column and every row action are on-screen', async (_name, path, gridOf, actionNames) => {
  await page.goto(path);
  const grid = gridOf(page);
  const firstCell = grid.getByRole('gridcell').first();
  await firstCell.waitFor();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(await withinWidth(firstCell)).toBe(true);
  if (actionNames) {
    const actions = await grid.getByRole('button', { name: actionNames }).all();
    expect(actions.length).toBeGreaterThan(0);
    for (const action of actions) expect(await withinWidth(action)).toBe(true);
  }
  expect(problems).toEqual([]);
});

// Every grid of the product, each once its columns are laid out (the broadcast grids are in the last test).
test.each(PRODUCT_GRIDS)('%s at 390 px: the grid does not scroll sideways inside itself', async (_name, path, gridOf) => {
  await page.goto(path);
  const grid = gridOf(page);
  await grid.getByRole('columnheader').first().waitFor();
  expect(await overflowInside(grid)).toBeLessThanOrEqual(0);
  expect(problems).toEqual([]);
});

test('the inbox shows one pane at a time: a chat replaces the list, its actions and composer fit, and Back returns to the list', async () => {
  await page.goto('/conversations');
  const list = page.getByRole('list', { name: 'Conversations' });
  await list.getByRole('link').first().click();

  await page.getByRole('region', { name: /^Messages with / }).waitFor();
  expect(await list.isVisible()).toBe(false);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  for (const control of [
    page.getByRole('button', { name: 'Back to conversations' }),
    page.getByRole('button', { name: 'Contact info' }),
    page.getByRole('textbox', { name: 'Message' }),
    page.getByRole('button', { name: 'Send message' }),
    page.getByRole('button', { name: 'Attach file' }),
    page.getByRole('button', { name: 'Insert emoji' }),
  ]) {
    expect(await withinWidth(control)).toBe(true);
  }
  const actions = page.getByRole('button', { name: /^(Mark as Resolved|Reopen|Assign|Assign to me)$/ });
  for (const action of await actions.all()) expect(await withinWidth(action)).toBe(true);

  await page.getByRole('button', { name: 'Back to conversations' }).click();
  await list.waitFor();
  expect(await page.getByRole('region', { name: /^Messages with / }).count()).toBe(0);
  expect(problems).toEqual([]);
});

// Last in the file: the page then answers the broadcast screens' reads itself (broadcast-screens.ts).
test('a broadcast\'s button rules with their controls, and Edit Broadcast, do not scroll sideways at 390 px', async () => {
  await page.goto(await broadcastScreen(`/broadcast/${FIXTURE_BROADCAST_ID}/analytics`)(page));
  const rules = page.getByRole('table', { name: 'Button rules' });
  await rules.waitFor();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  for (const control of await rules.getByRole('button').all()) expect(await withinWidth(control)).toBe(true);
  expect(await withinWidth(page.getByRole('button', { name: 'Add rule' }))).toBe(true);

  // The recipients behind a figure, and the broadcast list: neither grid scrolls sideways inside itself.
  await page.getByRole('button', { name: /^View/ }).first().click();
  const recipients = page.getByRole('grid', { name: /^Recipients: / });
  await recipients.getByRole('gridcell').first().waitFor();
  expect(await overflowInside(recipients)).toBeLessThanOrEqual(0);
  await page.keyboard.press('Escape');
  await page.goto('/broadcast');
  const broadcasts = page.getByRole('grid', { name: 'Broadcasts' });
  await broadcasts.getByRole('gridcell').first().waitFor();
  expect(await overflowInside(broadcasts)).toBeLessThanOrEqual(0);

  await page.goto(await broadcastScreen(`/broadcast/${FIXTURE_DRAFT_ID}/edit`)(page));
  await page.getByRole('form', { name: 'Edit broadcast' }).getByRole('button', { name: 'Sameer Joshi' }).waitFor();
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(await withinWidth(page.getByRole('button', { name: 'Send now' }))).toBe(true);
  expect(problems).toEqual([]);
});
