import type { Browser, Page } from 'playwright-core';
import { broadcastScreen, FIXTURE_BROADCAST_ID } from '../support/broadcast-screens';
import { baseUrl, launchBrowser, signInThroughUi, watchForProblems } from '../support/browser';
import { overflowInside, PRODUCT_GRIDS, sidewaysOverflow } from '../support/layout';
import { DEMO_ADMIN } from '../support/team';

/**
 * On a small laptop (1,280 × 800 CSS px, the sidebar expanded) every grid fits its width: nothing, the
 * row actions included, hides behind a sideways scroll inside a grid.
 */

const LAPTOP = { width: 1280, height: 800 };

let browser: Browser;
let page: Page;
let problems: string[];
beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext({ baseURL: baseUrl(), viewport: LAPTOP });
  page = await context.newPage();
  problems = watchForProblems(page);
  await signInThroughUi(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
});
afterAll(async () => {
  await browser.close();
});

test.each(PRODUCT_GRIDS)('%s at 1,280 px: the grid does not scroll sideways inside itself', async (_name, path, gridOf) => {
  await page.goto(path);
  const grid = gridOf(page);
  await grid.getByRole('columnheader').first().waitFor();
  expect(await overflowInside(grid)).toBeLessThanOrEqual(0);
  expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  expect(problems).toEqual([]);
});

// Last in the file: the page then answers the broadcast screens' reads itself (broadcast-screens.ts).
test('the broadcasts list and a broadcast\'s recipients at 1,280 px: neither grid scrolls sideways, every row action is in sight', async () => {
  await page.goto(await broadcastScreen('/broadcast')(page));
  const broadcasts = page.getByRole('grid', { name: 'Broadcasts' });
  await broadcasts.getByRole('gridcell').first().waitFor();
  expect(await overflowInside(broadcasts)).toBeLessThanOrEqual(0);
  const gridBox = await broadcasts.boundingBox();
  const actions = await broadcasts.getByRole('button', { name: /^(Send .* now|Cancel|Resume|Delete) / }).all();
  expect(actions.length).toBeGreaterThan(0);
  for (const action of actions) {
    const box = await action.boundingBox();
    expect(box !== null && gridBox !== null && box.x + box.width <= gridBox.x + gridBox.width).toBe(true);
  }

  await page.goto(`/broadcast/${FIXTURE_BROADCAST_ID}/analytics`);
  await page.getByRole('button', { name: /^View/ }).first().click();
  const recipients = page.getByRole('grid', { name: /^Recipients: / });
  await recipients.getByRole('gridcell').first().waitFor();
  expect(await overflowInside(recipients)).toBeLessThanOrEqual(0);
  expect(problems).toEqual([]);
});
