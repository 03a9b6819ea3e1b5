import { randomInt } from 'node:crypto';

import type { Contact } from '../../shared/api/contacts';
import type { Tag } from '../../shared/api/tags';
import { auditPage, blocking, formatViolations, openInColorScheme, paintedScheme, waitUntilSettled, type ColorScheme } from '../support/accessibility';
import { specBrowser } from '../support/browser';
import { api, choose, DISPATCH_WAIT_MS } from '../support/broadcast-workspace';
import { ownWorkspace } from '../support/workspace';
import { customerWrites, makeAttentive, newCustomer, sendsTo, storedConversation } from '../support/sandbox';
import { until } from '../support/until';

/**
 * A template with an image header from New Broadcast, against the real server, its dispatcher and the
 * sandbox: the supervisor picks an image (stored by Parley, shown in the preview), sends the broadcast,
 * and the sandbox receives the template with an image header naming the media id Meta gave the upload.
 */

/** The sandbox's seasonal_offer: an IMAGE header and "Hi {{1}}, … {{2}}% off … until {{3}}." */
const TEMPLATE = 'seasonal_offer';
/** A 1×1 PNG. */
const PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

const browser = specBrowser();

test('an image-header template goes from New Broadcast to a contact, and the sandbox receives the image header', async () => {
  const { context, page, problems } = await browser.newSession();
  const { phoneNumberId } = await ownWorkspace(page, { name: 'Reem Saleh', organizationName: 'Oud & Amber House' });
  const tag = await api<Tag>(page, 'POST', '/tags', { name: `Eid list ${randomInt(1_000_000)}`, color: '#6a1b9a' });
  const customer = newCustomer('Dana');
  await makeAttentive(customer);
  await customerWrites(phoneNumberId, customer, 'Any Eid offers?');
  const { contact } = await storedConversation(page, customer);
  const stored = await api<Contact>(page, 'GET', `/contacts/${contact.id}`);
  await api<Contact>(page, 'PUT', `/contacts/${contact.id}`, { name: 'Dana', countryCode: stored.countryCode, phoneNumber: stored.phoneNumber, tagIds: [tag.id] });

  await page.goto('/broadcast/new');
  await page.getByRole('heading', { name: 'New Broadcast', level: 1 }).waitFor();
  await choose(page, /^Template/, new RegExp(`^${TEMPLATE} \\(en\\)$`));
  await page.getByText("This template's header needs an image: upload a file or paste an https link").waitFor();
  await page.getByLabel('Image file').setInputFiles({ name: 'eid-offer.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await page.getByText(/^eid-offer\.png \(/).waitFor();
  const preview = page.getByRole('figure', { name: 'Message preview' });
  await preview.getByRole('img', { name: 'Preview of eid-offer.png' }).waitFor();

  await page.getByRole('textbox', { name: 'Parameter 1', exact: true }).fill('Dana');
  await page.getByRole('textbox', { name: 'Parameter 2', exact: true }).fill('20');
  await page.getByRole('textbox', { name: 'Parameter 3', exact: true }).fill('15 April');
  await page.getByRole('combobox', { name: 'Tags' }).click();
  await page.getByRole('option', { name: tag.name }).click();
  await page.keyboard.press('Escape');
  await page.getByRole('status').filter({ hasText: 'This broadcast will reach 1 contact' }).waitFor();

  await page.getByRole('button', { name: /^Send (Broadcast|now)$/ }).click();
  await page.waitForURL(/\/broadcast\/[^/]+\/analytics$/);

  const templateSends = async () => (await sendsTo(customer)).filter((sent) => sent.type === 'template');
  await until(async () => (await templateSends()).length === 1, 'the image-header send', DISPATCH_WAIT_MS);
  const [sent] = await templateSends();
  expect(sent.header).toEqual({ type: 'image', id: expect.stringMatching(/\S/) });
  expect(sent.text).toBe('Hi Dana, our Eid collection is here! Enjoy 20% off oud, bakhoor and gift sets until 15 April.');
  expect(problems).toEqual([]);
  await context.close();
});

test.each<ColorScheme>(['light', 'dark'])('the header field and its preview pass axe (WCAG 2.1 AA) in the %s scheme, and fit 390 px', async (scheme) => {
  const { context, page, problems } = await browser.newSession();
  await openInColorScheme(context, scheme);
  await ownWorkspace(page, { name: 'Reem Saleh', organizationName: `Oud House ${scheme}` });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/broadcast/new');
  await page.getByRole('heading', { name: 'New Broadcast', level: 1 }).waitFor();
  await choose(page, /^Template/, new RegExp(`^${TEMPLATE} \\(en\\)$`));
  await page.getByLabel('Image file').setInputFiles({ name: 'eid-offer.png', mimeType: 'image/png', buffer: PIXEL_PNG });
  await page.getByRole('figure', { name: 'Message preview' }).getByRole('img', { name: 'Preview of eid-offer.png' }).waitFor();
  await waitUntilSettled(page);
  expect(await paintedScheme(page)).toBe(scheme);

  for (const mode of ['file', 'link'] as const) {
    if (mode === 'link') {
      await page.getByRole('radio', { name: 'Paste an https link' }).check();
      await page.getByRole('textbox', { name: 'Image link' }).fill('http://cdn.example.com/eid.png');
      await page.getByRole('textbox', { name: 'Image link' }).blur();
      await page.getByText('The header link must be an https:// address').waitFor();
    }
    const violations = blocking(await auditPage(page));
    if (violations.length > 0) throw new Error(`New Broadcast's header field (${mode}, ${scheme}) has accessibility violations:\n${formatViolations(violations)}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  }
  expect(problems).toEqual([]);
  await context.close();
});
