import { File as NodeFile } from 'node:buffer';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import type { ContactImportResult } from '@shared/api/contact-import';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderWithProviders } from '@client/testing/test-utils';
import ImportContactsScreen from './import-contacts-screen';

const CSV = ['Name,Mobile,Country_Code', 'Aisha Khan,501234567,+971', 'R2D2,9876543210,+91', '', 'Vikram Rao,98765 43211,91', 'Short,123,+91'].join('\r\n');

/**
 * A file as the browser hands it over. Node's File: this environment's FormData and fetch are Node's
 * (jest-fixed-jsdom) and accept no jsdom Blob, while a browser has one kind of each.
 */
function csvFile(content = CSV, name = 'Dubai Expo 2026.csv', type = 'text/csv'): File {
  return new NodeFile([content], name, { type }) as unknown as File;
}

function renderScreen() {
  return renderWithProviders(<ImportContactsScreen />, { user: sessionUser(), path: '/contacts/import', route: '/contacts/import' });
}

async function choose(user: ReturnType<typeof renderScreen>['user'], file: File) {
  await user.upload(screen.getByTestId('csv-file-input'), file);
}

const result: ContactImportResult = {
  success: true,
  message: '4 rows: 2 new, 1 updated, 0 unchanged, 1 skipped',
  stats: { totalRows: 4, created: 2, updated: 1, unchanged: 0, errors: 1, warnings: 1 },
  tag: { id: 't-1', name: 'Dubai Expo 2026', contactCount: 3 },
  errors: [{ line: 6, reason: 'Phone number must be 7-15 digits' }],
  warnings: [{ line: 3, name: 'R2D2', importedAs: 'RD', reason: 'Imported as "RD" (a name holds only letters)' }],
};

const nothingImported: ContactImportResult = {
  success: false,
  message: 'No contacts were imported: every row has an error',
  stats: { totalRows: 1, created: 0, updated: 0, unchanged: 0, errors: 1, warnings: 0 },
  tag: null,
  errors: [{ line: 2, reason: 'Phone number must be 7-15 digits' }],
  warnings: [],
};

describe('Import Contacts screen', () => {
  it('previews the file before uploading: rows, first rows, the names to clean and the bad rows with line and reason', async () => {
    const { user } = renderScreen();
    await choose(user, csvFile());
    expect(screen.getByRole('textbox', { name: /Tag Name/ })).toHaveValue('Dubai Expo 2026');
    const preview = await screen.findByRole('region', { name: 'Preview' });
    expect(within(preview).getByText('4 rows')).toBeInTheDocument();
    expect(within(preview).getByText('3 ready to import')).toBeInTheDocument();
    expect(within(preview).getByText('1 with a name to clean')).toBeInTheDocument();
    expect(within(preview).getByText('1 with errors (will be skipped)')).toBeInTheDocument();
    expect(within(preview).getByRole('table', { name: 'First rows' })).toHaveTextContent('Aisha Khan');
    const cleaned = within(preview).getByRole('list', { name: 'Rows with warnings' });
    expect(within(cleaned).getByRole('listitem')).toHaveTextContent(/^Line 3: "R2D2": Imported as "RD"/);
    const bad = within(preview).getByRole('list', { name: 'Rows with errors' });
    expect(within(bad).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Line 6: Phone number must be 7-15 digits']);
  });

  it('will not import without a tag name, nor a file that has no mobile column', async () => {
    const { user } = renderScreen();
    expect(screen.getByRole('button', { name: 'Import Contacts' })).toBeDisabled();
    await choose(user, csvFile());
    const tagName = screen.getByRole('textbox', { name: /Tag Name/ });
    await user.clear(tagName);
    expect(screen.getByRole('button', { name: 'Import Contacts' })).toBeDisabled();
    await user.type(tagName, 'x');
    await user.click(screen.getByRole('button', { name: 'Import Contacts' }));
    expect(await screen.findByText('Tag name must be at least 2 characters')).toBeInTheDocument();

    await choose(user, csvFile('telephone,name\n9876543210,Someone\n', 'wrong.csv'));
    expect(await screen.findByText(/no "mobile" column/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import Contacts' })).toBeDisabled();
  });

  it("refuses anything but one CSV file: 'Invalid File: Please upload a CSV file'", async () => {
    renderWithProviders(<ImportContactsScreen />, { user: sessionUser() });
    const zone = screen.getByRole('button', { name: /^Drop a CSV file here, or click to choose one/ });
    fireEvent.drop(zone, { dataTransfer: { files: [csvFile('%PDF', 'contacts.pdf', 'application/pdf')] } });
    expect(await screen.findByText('Invalid File')).toBeInTheDocument();
    expect(screen.getByText('Please upload a CSV file')).toBeInTheDocument();
    fireEvent.drop(zone, { dataTransfer: { files: [csvFile(), csvFile()] } });
    await waitFor(() => expect(screen.getAllByText('Please upload a CSV file')).toHaveLength(2));
    expect(screen.queryByRole('region', { name: 'Preview' })).not.toBeInTheDocument();
  });

  it('uploads the file with the tag name and, once it completes, returns to the contacts with the result', async () => {
    let received: { tagName: FormDataEntryValue | null; file: FormDataEntryValue | null } | undefined;
    server.use(
      http.post(apiUrl('/tags/import'), async ({ request }) => {
        const form = await request.formData();
        received = { tagName: form.get('tagName'), file: form.get('file') };
        return HttpResponse.json(result);
      }),
    );
    const { user, router } = renderScreen();
    await choose(user, csvFile());
    await screen.findByRole('region', { name: 'Preview' });
    await user.click(screen.getByRole('button', { name: 'Import Contacts' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts'));
    expect(router.state.location.state).toEqual({ contactImport: result });
    expect(received?.tagName).toBe('Dubai Expo 2026');
    expect((received?.file as File).name).toBe('Dubai Expo 2026.csv');
  });

  it('an upload that imported nothing stays on the result card with its reasons', async () => {
    server.use(http.post(apiUrl('/tags/import'), () => HttpResponse.json(nothingImported)));
    const { user, router } = renderScreen();
    await choose(user, csvFile('mobile\n123\n', 'bad.csv'));
    await screen.findByRole('region', { name: 'Preview' });
    await user.click(screen.getByRole('button', { name: 'Import Contacts' }));

    const card = await screen.findByRole('region', { name: 'Import Result' });
    expect(within(card).getByText('No contacts were imported: every row has an error')).toBeInTheDocument();
    expect(within(card).getByText('Line 2: Phone number must be 7-15 digits')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/contacts/import');
    await user.click(within(card).getByRole('button', { name: 'Go to Contacts' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts'));
  });

  it("shows 'Import Failed' with the server's message and keeps the file for another try", async () => {
    server.use(http.post(apiUrl('/tags/import'), () => HttpResponse.json({ error: 'The file is not UTF-8 text.' }, { status: 400 })));
    const { user } = renderScreen();
    await choose(user, csvFile());
    await screen.findByRole('region', { name: 'Preview' });
    await user.click(screen.getByRole('button', { name: 'Import Contacts' }));
    expect(await screen.findByText('Import Failed')).toBeInTheDocument();
    expect(screen.getByText('The file is not UTF-8 text.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Import Contacts' })).toBeEnabled();
  });

  it('Cancel during the upload drops it quietly and starts over', async () => {
    server.use(http.post(apiUrl('/tags/import'), async () => {
      await delay('infinite');
      return HttpResponse.json(result);
    }));
    const { user } = renderScreen();
    await choose(user, csvFile());
    await screen.findByRole('region', { name: 'Preview' });
    await user.click(screen.getByRole('button', { name: 'Import Contacts' }));
    await screen.findByRole('progressbar', { name: 'Import progress' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Import progress' })).not.toBeInTheDocument());
    expect(screen.getByText('Drop a CSV file here, or click to choose one')).toBeInTheDocument();
    expect(screen.queryByText('Import Failed')).not.toBeInTheDocument();
  });

  it('Back returns to the contacts, and the format guide is there', async () => {
    const { user, router } = renderScreen();
    expect(screen.getByRole('region', { name: 'CSV Format Guide' })).toHaveTextContent('+91');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/contacts'));
  });

  it('needs contacts:import', () => {
    renderWithProviders(<ImportContactsScreen />, { user: sessionUser({ permissions: ['contacts:view'] }) });
    expect(screen.getByText("You don't have permission to import contacts.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Import Contacts' })).not.toBeInTheDocument();
  });
});
