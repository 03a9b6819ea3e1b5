import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { TemplatesResponse } from '@shared/api/templates';
import { makeStore } from '@client/app/store';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderApp } from '@client/testing/test-utils';
import { configErrorClosed, configErrorOpened, selectConfigError } from './config-error-slice';

const noTemplates: TemplatesResponse = {
  data: [],
  pagination: { page: 1, limit: 25, total: 0, totalPages: 0, hasNext: false },
  lastTemplateSync: null,
};

describe('configuration-error modal state', () => {
  it('is a store slice with readable actions: configError/opened and configError/closed', () => {
    expect(configErrorOpened('WHATSAPP_TOKEN_EXPIRED')).toEqual({ type: 'configError/opened', payload: 'WHATSAPP_TOKEN_EXPIRED' });
    expect(configErrorClosed()).toEqual({ type: 'configError/closed', payload: undefined });

    const store = makeStore();
    expect(selectConfigError(store.getState())).toEqual({ code: 'WHATSAPP_NOT_CONFIGURED', open: false });
    store.dispatch(configErrorOpened('WHATSAPP_PERMISSION_DENIED'));
    expect(selectConfigError(store.getState())).toEqual({ code: 'WHATSAPP_PERMISSION_DENIED', open: true });
    // Closing keeps the code, so the text does not change while the dialog fades out.
    store.dispatch(configErrorClosed());
    expect(selectConfigError(store.getState())).toEqual({ code: 'WHATSAPP_PERMISSION_DENIED', open: false });
  });

  it("opens when a screen's call is answered 4xx with a WHATSAPP_* code, and the screen still gets its error", async () => {
    server.use(
      http.get(apiUrl('/templates/local'), () => HttpResponse.json(noTemplates)),
      http.post(apiUrl('/templates/sync'), () =>
        HttpResponse.json({ error: 'The WhatsApp access token has expired', code: 'WHATSAPP_TOKEN_EXPIRED' }, { status: 403 }),
      ),
    );
    const { user, store } = renderApp({ route: '/templates', user: sessionUser() });
    await user.click(await screen.findByRole('button', { name: 'Sync Templates' }));

    const dialog = await screen.findByRole('dialog', { name: 'WhatsApp Access Token Expired' });
    expect(selectConfigError(store.getState())).toEqual({ code: 'WHATSAPP_TOKEN_EXPIRED', open: true });
    // The screen behind shows its own message as before.
    expect(screen.getByText('WhatsApp access token is missing or invalid')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(selectConfigError(store.getState()).open).toBe(false);
  });

  it('stays closed for any other error', async () => {
    server.use(
      http.get(apiUrl('/templates/local'), () => HttpResponse.json(noTemplates)),
      http.post(apiUrl('/templates/sync'), () => HttpResponse.json({ error: 'Too many requests', code: 'RATE_LIMITED' }, { status: 429 })),
    );
    const { user, store } = renderApp({ route: '/templates', user: sessionUser() });
    await user.click(await screen.findByRole('button', { name: 'Sync Templates' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sync Templates' })).toBeEnabled());
    expect(selectConfigError(store.getState()).open).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
