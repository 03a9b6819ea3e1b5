import { File as NodeFile } from 'node:buffer';
import { http, HttpResponse } from 'msw';
import { selectConfigError } from '@client/app/config-error/config-error-slice';
import { makeStore } from '@client/app/store';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { uploadWithProgress } from './upload-with-progress';

/** Node's File: this environment's FormData accepts no jsdom Blob. */
function form(): FormData {
  const data = new FormData();
  data.append('caption', 'Hello');
  data.append('file', new NodeFile(['%PDF-1.7'], 'a.pdf', { type: 'application/pdf' }) as unknown as File, 'a.pdf');
  return data;
}

function start(onProgress = jest.fn()) {
  const reloadPage = jest.fn();
  const store = makeStore(undefined, { reloadPage });
  const handle = store.dispatch(uploadWithProgress<{ ok: boolean }>({ url: '/media/upload', form: form(), timeoutMs: 60_000, onProgress }));
  return { store, reloadPage, handle };
}

describe('uploadWithProgress', () => {
  it('posts the form and resolves with the JSON answer', async () => {
    let caption: FormDataEntryValue | null = null;
    server.use(
      http.post(apiUrl('/media/upload'), async ({ request }) => {
        caption = (await request.formData()).get('caption');
        return HttpResponse.json({ ok: true });
      }),
    );
    await expect(start().handle.result).resolves.toEqual({ ok: true });
    expect(caption).toBe('Hello');
  });

  it('rejects with the ApiError shape and handles it as every call does', async () => {
    server.use(http.post(apiUrl('/media/upload'), () => HttpResponse.json({ error: 'WhatsApp is not configured', code: 'WHATSAPP_NOT_CONFIGURED' }, { status: 400 })));
    const { handle, store } = start();
    await expect(handle.result).rejects.toMatchObject({ status: 400, error: 'WhatsApp is not configured', code: 'WHATSAPP_NOT_CONFIGURED' });
    expect(selectConfigError(store.getState()).open).toBe(true);

    server.use(http.post(apiUrl('/media/upload'), () => HttpResponse.json({ error: 'Not signed in' }, { status: 401 })));
    const expired = start();
    await expect(expired.handle.result).rejects.toMatchObject({ status: 401 });
    expect(expired.reloadPage).toHaveBeenCalledTimes(1);
  });
});
