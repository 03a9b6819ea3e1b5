import { File as NodeFile } from 'node:buffer';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse, type JsonBodyType } from 'msw';
import type { ContactImportResult } from '@shared/api/contact-import';
import { tagsEndpoints } from '@client/api/tags-endpoints';
import { selectConfigError } from '@client/app/config-error/config-error-slice';
import { makeStore } from '@client/app/store';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderWithProviders } from '@client/testing/test-utils';
import { contactImportApi } from './contact-import-api';
import ImportContactsScreen from './import-contacts-screen';

/** Node's File: this environment's FormData accepts no jsdom Blob. */
const csvFile = () => new NodeFile(['Name,Mobile\nAisha Khan,+971501234567\n'], 'leads.csv', { type: 'text/csv' }) as unknown as File;

const result: ContactImportResult = {
  success: true,
  message: '1 row: 1 new, 0 updated, 0 unchanged, 0 skipped',
  stats: { totalRows: 1, created: 1, updated: 0, unchanged: 0, errors: 0, warnings: 0 },
  tag: { id: 't-1', name: 'Leads', contactCount: 1 },
  errors: [],
  warnings: [],
};

function importInto(store: ReturnType<typeof makeStore>) {
  return store.dispatch(contactImportApi.endpoints.importContacts.initiate({ file: csvFile(), tagName: 'Leads', onProgress: jest.fn() })).unwrap();
}

function upload(status: number, body: JsonBodyType) {
  server.use(http.post(apiUrl('/tags/import'), () => HttpResponse.json(body, { status })));
  const reloadPage = jest.fn();
  const store = makeStore(undefined, { reloadPage });
  return { store, reloadPage, result: importInto(store) };
}

describe('CSV upload error handling (the same as every other call)', () => {
  it('resolves with the import result', async () => {
    await expect(upload(200, { ...result }).result).resolves.toEqual(result);
  });

  it("rejects with the response's `error` text", async () => {
    const { result: rejected, reloadPage, store } = upload(400, { error: 'The file is not UTF-8 text.' });
    await expect(rejected).rejects.toEqual({ status: 400, error: 'The file is not UTF-8 text.', data: { error: 'The file is not UTF-8 text.' } });
    expect(reloadPage).not.toHaveBeenCalled();
    expect(selectConfigError(store.getState()).open).toBe(false);
  });

  it('reloads the page on a 401 (the session ended)', async () => {
    const { result: rejected, reloadPage } = upload(401, { error: 'Not signed in' });
    await expect(rejected).rejects.toMatchObject({ status: 401 });
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('logs a server error', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { result: rejected } = upload(500, { error: 'Something went wrong on our side.' });
    await expect(rejected).rejects.toMatchObject({ status: 500 });
    expect(error).toHaveBeenCalledWith('Server error 500 on POST /tags/import: Something went wrong on our side.');
  });

  it('opens the configuration-error modal on a WHATSAPP_* code', async () => {
    const { result: rejected, store } = upload(400, { error: 'WhatsApp is not configured', code: 'WHATSAPP_NOT_CONFIGURED' });
    await expect(rejected).rejects.toMatchObject({ status: 400, code: 'WHATSAPP_NOT_CONFIGURED' });
    expect(selectConfigError(store.getState())).toEqual({ code: 'WHATSAPP_NOT_CONFIGURED', open: true });
  });

  it('shows the modal over the import screen, which still says the import failed', async () => {
    server.use(http.post(apiUrl('/tags/import'), () => HttpResponse.json({ error: 'WHATSAPP_TOKEN_EXPIRED' }, { status: 400 })));
    const { user } = renderWithProviders(<ImportContactsScreen />, { user: sessionUser() });
    await user.upload(screen.getByTestId('csv-file-input'), csvFile());
    await screen.findByRole('region', { name: 'Preview' });
    await user.click(screen.getByRole('button', { name: 'Import Contacts' }));
    expect(await screen.findByRole('dialog', { name: 'WhatsApp Access Token Expired' })).toBeInTheDocument();
    expect(screen.getByText('Import Failed')).toBeInTheDocument();
  });
});

describe('after an import', () => {
  it('refreshes what it moved (here the tag list), and nothing after a refused one', async () => {
    let tagLists = 0;
    server.use(
      http.get(apiUrl('/tags'), () => {
        tagLists += 1;
        return HttpResponse.json({ data: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 0, hasNext: false } });
      }),
    );
    const store = makeStore(undefined, { reloadPage: jest.fn() });
    const tags = store.dispatch(tagsEndpoints.endpoints.getTags.initiate({}));
    await tags;

    server.use(http.post(apiUrl('/tags/import'), () => HttpResponse.json({ error: 'The file is not UTF-8 text.' }, { status: 400 })));
    await expect(importInto(store)).rejects.toMatchObject({ status: 400 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tagLists).toBe(1);

    server.use(http.post(apiUrl('/tags/import'), () => HttpResponse.json(result)));
    await importInto(store);
    await waitFor(() => expect(tagLists).toBe(2));
    tags.unsubscribe();
  });
});
