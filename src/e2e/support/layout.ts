import type { Locator, Page } from 'playwright-core';

/** How far the page reaches past the viewport's right edge (0 when nothing scrolls sideways). */
export function sidewaysOverflow(target: Page): Promise<number> {
  return target.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/**
 * How far a grid's headers and rows reach past the grid's own width, i.e. how far it scrolls sideways
 * inside itself (0 when it does not); the page's width does not show it, the grid clips it.
 */
export function overflowInside(grid: Locator): Promise<number> {
  return grid.locator('.MuiDataGrid-virtualScroller').evaluate((scroller) => scroller.scrollWidth - scroller.clientWidth);
}

/** Every grid of the product the demo organization fills (the broadcast grids take fixtures: broadcast-screens.ts), each with the screen that shows it. */
export const PRODUCT_GRIDS: ReadonlyArray<readonly [string, string, (target: Page) => Locator]> = [
  ['Tags', '/tags', (target) => target.getByRole('grid', { name: 'Tags' })],
  ['Team Members', '/settings?tab=members', (target) => target.getByRole('region', { name: /^Current Members/ }).getByRole('grid')],
  ['Pending Invitations', '/settings?tab=members', (target) => target.getByRole('region', { name: /^Pending Invitations/ }).getByRole('grid')],
  ['Roles', '/settings?tab=roles', (target) => target.getByRole('tabpanel').getByRole('grid')],
  ['Templates', '/templates', (target) => target.getByRole('grid', { name: 'Templates' })],
  ['Contacts', '/contacts', (target) => target.getByRole('grid', { name: 'Contacts' })],
  ['Organization setting changes', '/settings?tab=organization', (target) => target.getByRole('grid', { name: 'Organization setting changes' })],
  ['Canned Responses', '/settings?tab=canned-responses', (target) => target.getByRole('grid', { name: 'Canned responses' })],
  ['Reports: Agents', '/reports', (target) => target.getByRole('grid', { name: 'Agents' })],
];
