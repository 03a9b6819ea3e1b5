import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, newSession, signUpThroughUi } from '../support/browser';

/**
 * The contacts area of issue 3 in a real browser against the real server: a contact added, edited,
 * noted, deleted and restored; a tag created, deleted and restored; a CSV with good and bad rows
 * previewed and imported.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

/** The data-grid row that shows `text`. */
function rowWith(page: Page, text: string): Locator {
  return page.getByRole('row').filter({ hasText: text });
}

/** A toast's text (by text, not role: an open modal marks the toasts aria-hidden). */
async function toast(page: Page, text: string): Promise<void> {
  await page.getByText(text).first().waitFor();
}

test('add, edit, notes, delete and restore a contact', async () => {
  const { context, page, problems } = await newSession(browser);
  await signUpThroughUi(page, { name: 'Nadia Rahman', organizationName: 'Contacts Flow Spices' });
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Contacts' }).click();
  await page.getByText('No contacts found').waitFor();

  // Add: the number typed with a trunk 0 and spaces is stored normalized.
  await page.getByRole('button', { name: 'Add Contact' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add Contact' });
  await dialog.getByLabel('Name').fill('Aisha Khan');
  await dialog.getByRole('combobox', { name: /Country Code/ }).click();
  await page.getByRole('option', { name: '+971 United Arab Emirates' }).click();
  await dialog.getByLabel(/Phone Number/).fill('050 123 4567');
  await dialog.getByRole('button', { name: 'Add Contact' }).click();
  await toast(page, 'Contact created successfully');
  await rowWith(page, '+971 50 123 4567').getByText('Aisha Khan').waitFor();

  // The same number typed another way is the same contact.
  await page.getByRole('button', { name: 'Add Contact' }).click();
  dialog = page.getByRole('dialog', { name: 'Add Contact' });
  await dialog.getByRole('combobox', { name: /Country Code/ }).click();
  await page.getByRole('option', { name: '+971 United Arab Emirates' }).click();
  await dialog.getByLabel(/Phone Number/).fill('971501234567');
  await dialog.getByRole('button', { name: 'Add Contact' }).click();
  await toast(page, 'Contact Already Exists');
  await dialog.getByText('A contact with this phone number already exists').waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden' });

  // Edit.
  await page.getByRole('button', { name: 'Edit Aisha Khan' }).click();
  dialog = page.getByRole('dialog', { name: 'Edit Contact' });
  await dialog.getByLabel('Name').fill('Aisha Rahman');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await toast(page, 'Contact updated successfully');
  await rowWith(page, '+971 50 123 4567').getByText('Aisha Rahman').waitFor();

  // Notes: the timeline has the activity; a note is added with Ctrl+Enter, edited, then deleted.
  await page.getByRole('button', { name: /^Notes of Aisha Rahman/ }).click();
  const notes = page.getByRole('dialog', { name: /Notes & Activity/ });
  await notes.getByText('Details updated: name "Aisha Khan" → "Aisha Rahman"').waitFor();
  await notes.getByText('Contact created').waitFor();
  await notes.getByRole('button', { name: 'Add Note' }).click();
  await notes.getByRole('textbox', { name: 'Note' }).fill('Prefers calls after 6 pm');
  await notes.getByRole('textbox', { name: 'Note' }).press('Control+Enter');
  await toast(page, 'Note added successfully');
  const note = notes.getByRole('listitem').filter({ hasText: 'Prefers calls after 6 pm' });
  await note.getByText('just now').waitFor();
  await note.getByRole('button', { name: 'Edit note' }).click();
  await notes.getByRole('textbox', { name: 'Note' }).fill('Prefers calls after 7 pm');
  await notes.getByRole('button', { name: 'Save' }).click();
  await toast(page, 'Note updated successfully');
  const edited = notes.getByRole('listitem').filter({ hasText: 'Prefers calls after 7 pm' });
  await edited.getByRole('button', { name: 'Delete note' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Note' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await toast(page, 'Note deleted successfully');
  await edited.waitFor({ state: 'detached' });
  await notes.getByRole('button', { name: 'Close' }).click();
  await notes.waitFor({ state: 'hidden' });

  // Delete after the browser's confirm: the row stays, struck through, offering only Restore.
  page.once('dialog', (question) => void question.accept());
  await page.getByRole('button', { name: 'Delete Aisha Rahman' }).click();
  await toast(page, 'Contact deleted successfully');
  const row = rowWith(page, '+971 50 123 4567');
  await row.getByText('Deleted', { exact: true }).waitFor();
  expect(await row.getByRole('button').count()).toBe(1);

  page.once('dialog', (question) => void question.accept());
  await row.getByRole('button', { name: 'Restore Aisha Rahman' }).click();
  await toast(page, 'Contact restored successfully');
  await row.getByRole('button', { name: 'Edit Aisha Rahman' }).waitFor();
  expect(await row.getByText('Deleted', { exact: true }).count()).toBe(0);

  // Search by a number fragment typed as people type it.
  await page.getByLabel('Search contacts').fill('050 123');
  await rowWith(page, 'Aisha Rahman').waitFor();
  await page.getByLabel('Search contacts').fill('zzz');
  await page.getByText('No contacts found').waitFor();

  expect(problems).toEqual([]);
  await context.close();
});

test('create, delete and restore a tag', async () => {
  const { context, page, problems } = await newSession(browser);
  await signUpThroughUi(page, { name: 'Omar Haddad', organizationName: 'Tags Flow Trading' });
  await page.goto('/tags');
  await page.getByRole('button', { name: 'Create Tag' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Tag' });
  expect(await dialog.getByRole('radio', { name: '#1976d2' }).getAttribute('aria-checked')).toBe('true');
  await dialog.getByLabel(/Tag Name/).fill('VIP Buyers');
  await dialog.getByRole('radio', { name: '#d32f2f' }).click();
  await dialog.getByRole('button', { name: 'Create Tag' }).click();
  await toast(page, 'Tag created successfully');
  const row = rowWith(page, 'VIP Buyers');
  await row.getByText('Manual').waitFor();

  await row.getByRole('button', { name: 'Delete tag VIP Buyers' }).click();
  await page.getByRole('dialog', { name: 'Delete Tag' }).getByRole('button', { name: 'Delete' }).click();
  await toast(page, 'Tag deleted successfully');
  await row.getByText('Deleted', { exact: true }).waitFor();

  await row.getByRole('button', { name: 'Restore tag VIP Buyers' }).click();
  await toast(page, 'Tag restored successfully');
  await row.getByRole('button', { name: 'Edit tag VIP Buyers' }).waitFor();
  expect(await row.getByText('Deleted', { exact: true }).count()).toBe(0);

  expect(problems).toEqual([]);
  await context.close();
});

test('import a CSV with good and bad rows', async () => {
  const { context, page, problems } = await newSession(browser);
  await signUpThroughUi(page, { name: 'Priya Nair', organizationName: 'Import Flow Foods' });
  await page.goto('/contacts');
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await page.getByRole('heading', { name: 'Import Contacts' }).waitFor();

  const csv = [
    '\uFEFFName,MOBILE,country_code',
    'Aisha Khan,501234567,+971',
    'R2D2,9876543210,+91',
    '',
    '"Vikram Rao","98765 43211",91',
    'Too Short,123,+91',
    'Reem Al Otaibi,+966 55 123 4567,',
  ].join('\r\n');
  await page.locator('input[type=file]').setInputFiles({ name: 'Gulf Expo.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const preview = page.getByRole('region', { name: 'Preview' });
  await preview.getByText('5 rows').waitFor();
  await preview.getByText('Line 3: Name contains invalid characters').waitFor();
  await preview.getByText('Line 6: Phone number must be 7-15 digits').waitFor();
  expect(await page.getByLabel(/Tag Name/).inputValue()).toBe('Gulf Expo');

  await page.getByRole('button', { name: 'Import Contacts' }).click();
  const result = page.getByRole('region', { name: 'Import Result' });
  await result.getByText('Imported 3 contacts (3 new, 0 updated, 2 skipped)').waitFor();
  await result.getByText('Tag Gulf Expo now has 3 contacts.').waitFor();
  await result.getByText('Line 6: Phone number must be 7-15 digits').waitFor();

  await result.getByRole('button', { name: 'Go to Contacts' }).click();
  await page.waitForURL('**/contacts');
  await rowWith(page, '+966 55 123 4567').getByText('Gulf Expo').waitFor();
  await rowWith(page, '+91 98765 43211').getByText('Vikram Rao').waitFor();
  expect(await page.getByText('R2D2').count()).toBe(0);

  expect(problems).toEqual([]);
  await context.close();
});
