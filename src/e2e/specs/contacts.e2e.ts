import type { Browser, Locator, Page } from 'playwright-core';
import { launchBrowser, newSession, signUpThroughUi } from '../support/browser';

/**
 * The contacts area of issue 3 in a real browser against the real server: a contact added, edited,
 * noted, deleted and restored; a tag created, deleted and restored; a CSV with good and bad rows
 * previewed and imported, names the contact form would refuse cleaned rather than lost.
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

test('import a CSV whose names and country codes the contact form would refuse: every valid number is kept and the summary adds up', async () => {
  const { context, page, problems } = await newSession(browser);
  await signUpThroughUi(page, { name: 'Priya Nair', organizationName: 'Import Flow Foods' });
  await page.goto('/contacts');
  await page.getByRole('link', { name: 'Import CSV' }).click();
  await page.getByRole('heading', { name: 'Import Contacts' }).waitFor();

  const csv = [
    '\uFEFFName,MOBILE,country_code',
    '"Whitfield, James",+44 7911 123456,',
    '🌸 Zoë ✨,07911 123457,GB',
    '"Ravi ""R"" Kumar","98765 43211",91',
    '',
    'Nadia Haddad,07911 123458,0044',
    'Too Short,123,+91',
    'Reem Al Otaibi,+966 55 123 4567,',
  ].join('\r\n');
  await page.locator('input[type=file]').setInputFiles({ name: 'Gulf Expo.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const preview = page.getByRole('region', { name: 'Preview' });
  await preview.getByText('6 rows').waitFor();
  await preview.getByText('3 with a name to clean').waitFor();
  await preview.getByText('Line 7: Phone number must be 7-15 digits').waitFor();
  expect(await page.getByLabel(/Tag Name/).inputValue()).toBe('Gulf Expo');

  // A completed import returns to the contacts, which show what it did.
  await page.getByRole('button', { name: 'Import Contacts' }).click();
  await page.waitForURL('**/contacts');
  const summary = page.getByRole('status').filter({ hasText: 'Import Complete' });
  await summary.getByText("6 rows: 5 new, 0 updated, 0 unchanged, 1 skipped. 3 names were cleaned to what a contact's name may hold; see the warnings.").waitFor();
  await summary.getByText('now has 5 contacts.').waitFor();

  await summary.getByRole('button', { name: 'Review 3 warnings and 1 error' }).click();
  const rows = page.getByRole('dialog', { name: 'Import warnings and errors' });
  await rows.getByText(/^Line 2: "Whitfield, James": Imported as "Whitfield James"/).waitFor();
  await rows.getByText(/^Line 3: "🌸 Zoë ✨": Imported as "Zoë"/).waitFor();
  await rows.getByText(/^Line 4: "Ravi "R" Kumar": Imported as "Ravi R Kumar"/).waitFor();
  await rows.getByText('Line 7: Phone number must be 7-15 digits').waitFor();
  const [download] = await Promise.all([page.waitForEvent('download'), rows.getByRole('link', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('Gulf Expo - warnings and errors.csv');
  const stream = await download.createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const downloaded = Buffer.concat(chunks).toString('utf8');
  expect(downloaded).toContain('2,warning,"Whitfield, James",Whitfield James,');
  expect(downloaded).toContain('7,error,,,Phone number must be 7-15 digits');
  await rows.getByRole('button', { name: 'Close' }).click();
  await rows.waitFor({ state: 'hidden' });

  await rowWith(page, '+44 7911 123456').getByText('Whitfield James').waitFor();
  await rowWith(page, '+44 7911 123457').getByText('Zoë').waitFor();
  await rowWith(page, '+91 98765 43211').getByText('Ravi R Kumar').waitFor();
  await rowWith(page, '+44 7911 123458').getByText('Nadia Haddad').waitFor();
  await rowWith(page, '+966 55 123 4567').getByText('Gulf Expo').waitFor();

  // Parley wrote the import's timeline entry, not the member who uploaded the file.
  await page.getByRole('button', { name: /^Notes of Whitfield James/ }).click();
  const notes = page.getByRole('dialog', { name: /Notes & Activity/ });
  const entry = notes.getByRole('listitem').filter({ hasText: 'Imported from Gulf Expo.csv with tag "Gulf Expo"' });
  await entry.getByText(/^Parley · /).waitFor();
  expect(await entry.getByText(/Priya Nair/).count()).toBe(0);

  expect(problems).toEqual([]);
  await context.close();
});
