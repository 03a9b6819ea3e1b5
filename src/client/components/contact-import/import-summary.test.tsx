import { act, screen, waitFor, within } from '@testing-library/react';
import Papa from 'papaparse';
import type { ContactImportResult } from '@shared/api/contact-import';
import { sessionUser } from '@client/testing/fixtures';
import { renderWithProviders } from '@client/testing/test-utils';
import { importedState, ImportSummary } from './import-summary';

const result: ContactImportResult = {
  success: true,
  message: "5 rows: 3 new, 0 updated, 1 unchanged, 1 skipped. 2 names were cleaned to what a contact's name may hold; see the warnings.",
  stats: { totalRows: 5, created: 3, updated: 0, unchanged: 1, errors: 1, warnings: 2 },
  tag: { id: 't-1', name: 'Fair Leads', contactCount: 4 },
  errors: [{ line: 4, reason: 'Unknown country code "Atlantis": write it as +44, 44, 0044 or a country\'s two-letter code (GB)' }],
  warnings: [
    { line: 2, name: 'Whitfield, James', importedAs: 'Whitfield James', reason: 'Imported as "Whitfield James" (a name holds only letters)' },
    { line: 5, name: '=HYPERLINK("x")', importedAs: 'HYPERLINKx', reason: 'Imported as "HYPERLINKx" (a name holds only letters)' },
  ],
};

async function renderAfterImport(imported: ContactImportResult = result) {
  const rendered = renderWithProviders(<ImportSummary />, { user: sessionUser(), route: '/contacts' });
  await act(() => rendered.router.navigate('/contacts', { state: importedState(imported) }));
  return rendered;
}

/** The rows of the CSV a data: link downloads. */
function downloaded(link: HTMLElement): string[][] {
  const href = link.getAttribute('href') ?? '';
  const text = decodeURIComponent(href.slice(href.indexOf(',') + 1)).replace(/^\uFEFF/, '');
  return Papa.parse<string[]>(text, { skipEmptyLines: true }).data;
}

describe('the import summary on /contacts', () => {
  it('says what the import did, parts that add up to the rows, and the tag', async () => {
    await renderAfterImport();
    const summary = screen.getByRole('status');
    expect(summary).toHaveTextContent('Import Complete');
    expect(summary).toHaveTextContent('5 rows: 3 new, 0 updated, 1 unchanged, 1 skipped.');
    expect(summary).toHaveTextContent('Tag Fair Leads now has 4 contacts.');
  });

  it('links to the warnings and errors, each with its line, the name as written and why', async () => {
    const { user } = await renderAfterImport();
    await user.click(screen.getByRole('button', { name: 'Review 2 warnings and 1 error' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import warnings and errors' });
    const warnings = within(dialog).getByRole('list', { name: 'Rows with warnings' });
    expect(within(warnings).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Line 2: "Whitfield, James": Imported as "Whitfield James" (a name holds only letters)',
      'Line 5: "=HYPERLINK("x")": Imported as "HYPERLINKx" (a name holds only letters)',
    ]);
    const errors = within(dialog).getByRole('list', { name: 'Rows with errors' });
    expect(within(errors).getByRole('listitem')).toHaveTextContent('Line 4: Unknown country code "Atlantis"');
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('downloads the warnings and errors as one CSV in file order, a name a spreadsheet would run kept as text', async () => {
    await renderAfterImport();
    const link = within(screen.getByRole('status')).getByRole('link', { name: 'Download CSV' });
    expect(link).toHaveAttribute('download', 'Fair Leads - warnings and errors.csv');
    expect(downloaded(link)).toEqual([
      ['line', 'kind', 'name', 'imported_as', 'reason'],
      ['2', 'warning', 'Whitfield, James', 'Whitfield James', 'Imported as "Whitfield James" (a name holds only letters)'],
      ['4', 'error', '', '', 'Unknown country code "Atlantis": write it as +44, 44, 0044 or a country\'s two-letter code (GB)'],
      ['5', 'warning', '\'=HYPERLINK("x")', 'HYPERLINKx', 'Imported as "HYPERLINKx" (a name holds only letters)'],
    ]);
  });

  it('offers no review or download when every row imported as written, and goes away when dismissed', async () => {
    const clean = { ...result, message: '2 rows: 2 new, 0 updated, 0 unchanged, 0 skipped', stats: { ...result.stats, totalRows: 2, created: 2, unchanged: 0, errors: 0, warnings: 0 }, errors: [], warnings: [] };
    const { user, router } = await renderAfterImport(clean);
    const summary = screen.getByRole('status');
    expect(summary).toHaveTextContent('2 rows: 2 new, 0 updated, 0 unchanged, 0 skipped');
    expect(within(summary).queryByRole('link', { name: 'Download CSV' })).not.toBeInTheDocument();
    expect(within(summary).queryByRole('button', { name: /^Review/ })).not.toBeInTheDocument();
    await user.click(within(summary).getByRole('button', { name: 'Dismiss import summary' }));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(router.state.location.state).toBeNull();
  });

  it('shows nothing on a plain visit to the contacts', () => {
    renderWithProviders(<ImportSummary />, { user: sessionUser(), route: '/contacts' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
