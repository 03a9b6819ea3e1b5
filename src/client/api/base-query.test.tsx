import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { WhatsAppErrorCode } from '@shared/api/errors';
import { slowDownText } from '@client/app/slow-down/slow-down-notice';
import { errorMessage } from '@client/components/error-message';
import { sessionApi } from '@client/session/session-api';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderWithProviders } from '@client/testing/test-utils';
import { makeStore } from '@client/app/store';
import { api } from './base-api';

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.query<unknown, string>({ query: (path) => path }),
    probeWrite: build.mutation<unknown, string>({ query: (path) => ({ url: path, method: 'POST', body: {} }) }),
  }),
});

function counting(method: 'get' | 'post', path: string, answer: () => Response) {
  const calls = { count: 0 };
  server.use(
    http[method](apiUrl(path), () => {
      calls.count += 1;
      return answer();
    }),
  );
  return calls;
}

describe('base query', () => {
  describe('errors', () => {
    it('passes the error on with the text of its `error` field', async () => {
      server.use(http.get(apiUrl('/probe'), () => HttpResponse.json({ error: 'Contact not found' }, { status: 404 })));
      const store = makeStore();
      const result = await store.dispatch(probeApi.endpoints.probe.initiate('/probe'));
      expect(result.error).toEqual({ status: 404, error: 'Contact not found', data: { error: 'Contact not found' } });
      expect(errorMessage(result.error, 'Failed to load')).toBe('Contact not found');
    });

    it('leaves the fallback text to the caller when there is no `error` field', async () => {
      server.use(http.post(apiUrl('/probe'), () => new HttpResponse('<html>Bad gateway</html>', { status: 502 })));
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const store = makeStore();
      const result = await store.dispatch(probeApi.endpoints.probeWrite.initiate('/probe'));
      expect('error' in result && result.error).toEqual({ status: 502 });
      expect(errorMessage('error' in result ? result.error : undefined, 'Failed to save')).toBe('Failed to save');
    });

    it('logs server errors', async () => {
      server.use(http.post(apiUrl('/probe'), () => HttpResponse.json({ error: 'Something went wrong on our side.' }, { status: 500 })));
      const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      await makeStore().dispatch(probeApi.endpoints.probeWrite.initiate('/probe'));
      expect(error).toHaveBeenCalledWith(expect.stringContaining('Server error 500 on POST /probe: Something went wrong on our side.'));
    });
  });

  describe('401', () => {
    it('reloads the page when a normal call answers 401', async () => {
      server.use(http.get(apiUrl('/probe'), () => HttpResponse.json({ error: 'Not signed in' }, { status: 401 })));
      const reloadPage = jest.fn();
      const store = makeStore(undefined, { reloadPage });
      await store.dispatch(probeApi.endpoints.probe.initiate('/probe'));
      expect(reloadPage).toHaveBeenCalledTimes(1);
    });

    it('does not reload for the session check, login or signup', async () => {
      server.use(
        http.post(apiUrl('/auth/login'), () => HttpResponse.json({ error: 'Invalid email or password' }, { status: 401 })),
        http.post(apiUrl('/auth/signup'), () => HttpResponse.json({ error: 'Not allowed' }, { status: 401 })),
      );
      const reloadPage = jest.fn();
      const store = makeStore(undefined, { reloadPage });
      const session = await store.dispatch(sessionApi.endpoints.verifySession.initiate());
      await store.dispatch(sessionApi.endpoints.login.initiate({ email: 'a@example.com', password: 'x' }));
      await store.dispatch(sessionApi.endpoints.signup.initiate({ name: 'A B', email: 'a@example.com', password: 'Welcome123', organizationName: 'Org' }));
      expect(session.data).toBeNull();
      expect(reloadPage).not.toHaveBeenCalled();
    });
  });

  describe('retries', () => {
    it('retries a failing query once', async () => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const calls = counting('get', '/probe', () => HttpResponse.json({ error: 'Unavailable' }, { status: 503 }));
      const result = await makeStore().dispatch(probeApi.endpoints.probe.initiate('/probe'));
      expect(calls.count).toBe(2);
      expect(result.error).toMatchObject({ status: 503 });
    });

    it('a retried query can still succeed', async () => {
      let failed = false;
      server.use(
        http.get(apiUrl('/probe'), () => {
          if (failed) return HttpResponse.json({ ok: true });
          failed = true;
          return HttpResponse.error();
        }),
      );
      const result = await makeStore().dispatch(probeApi.endpoints.probe.initiate('/probe'));
      expect(result.data).toEqual({ ok: true });
    });

    it('does not retry a query the server refused (4xx)', async () => {
      const calls = counting('get', '/probe', () => HttpResponse.json({ error: 'Bad' }, { status: 400 }));
      await makeStore().dispatch(probeApi.endpoints.probe.initiate('/probe'));
      expect(calls.count).toBe(1);
    });

    it('never retries a mutation', async () => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const calls = counting('post', '/probe', () => HttpResponse.json({ error: 'Unavailable' }, { status: 503 }));
      await makeStore().dispatch(probeApi.endpoints.probeWrite.initiate('/probe'));
      expect(calls.count).toBe(1);
    });
  });

  describe('WhatsApp configuration errors', () => {
    const VARIANTS: [WhatsAppErrorCode, string, RegExp, RegExp][] = [
      ['WHATSAPP_TOKEN_EXPIRED', 'WhatsApp Access Token Expired', /Generate a new token/, /has expired.*contact your administrator/],
      ['WHATSAPP_PERMISSION_DENIED', 'WhatsApp Permission Denied', /missing required permissions.*WhatsApp Settings/, /missing required permissions.*contact your administrator/],
      ['WHATSAPP_NOT_CONFIGURED', 'WhatsApp Not Configured', /not configured.*Add your access token/, /not configured.*contact your administrator/],
    ];

    async function failWith(code: WhatsAppErrorCode, canViewSettings: boolean) {
      server.use(http.post(apiUrl('/probe'), () => HttpResponse.json({ error: 'WhatsApp is unavailable', code }, { status: 400 })));
      const rendered = renderWithProviders(<p>screen</p>, {
        user: sessionUser({ permissions: canViewSettings ? ['settings:view', 'contacts:view'] : ['contacts:view'] }),
        route: '/contacts',
      });
      let result: Awaited<ReturnType<ReturnType<typeof probeApi.endpoints.probeWrite.initiate>>> | undefined;
      await act(async () => {
        result = await rendered.store.dispatch(probeApi.endpoints.probeWrite.initiate('/probe'));
      });
      return { ...rendered, result };
    }

    it.each(VARIANTS)('%s: tells a settings:view holder how to fix it and links to WhatsApp Settings', async (code, title, message) => {
      const { user, router, result } = await failWith(code, true);
      const dialog = await screen.findByRole('dialog', { name: title });
      expect(dialog).toHaveTextContent(message);
      // The caller still gets the error.
      expect(result && 'error' in result && result.error).toMatchObject({ status: 400, code });

      await user.click(screen.getByRole('button', { name: 'Go to WhatsApp Settings' }));
      expect(router.state.location.pathname).toBe('/settings');
      expect(router.state.location.search).toBe('?tab=whatsapp');
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it.each(VARIANTS)('%s: tells everyone else to contact their administrator', async (code, title, _fix, message) => {
      const { user } = await failWith(code, false);
      const dialog = await screen.findByRole('dialog', { name: title });
      expect(dialog).toHaveTextContent(message);
      expect(screen.queryByRole('button', { name: 'Go to WhatsApp Settings' })).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'OK' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it('names the two permissions a token needs', async () => {
      await failWith('WHATSAPP_PERMISSION_DENIED', true);
      const dialog = await screen.findByRole('dialog');
      expect(dialog).toHaveTextContent('whatsapp_business_management');
      expect(dialog).toHaveTextContent('whatsapp_business_messaging');
    });

    it('also reads the code from the `error` field', async () => {
      server.use(http.get(apiUrl('/probe'), () => HttpResponse.json({ error: 'WHATSAPP_NOT_CONFIGURED' }, { status: 400 })));
      const { store } = renderWithProviders(<p>screen</p>, { user: sessionUser() });
      await act(async () => {
        await store.dispatch(probeApi.endpoints.probe.initiate('/probe'));
      });
      expect(await screen.findByRole('dialog', { name: 'WhatsApp Not Configured' })).toBeInTheDocument();
    });
  });

  describe("the API's rate limit (429 TOO_MANY_REQUESTS)", () => {
    const overLimit = (seconds: string) =>
      HttpResponse.json({ error: 'You are sending requests too fast. Parley will go on in a moment.', code: 'TOO_MANY_REQUESTS' }, { status: 429, headers: { 'retry-after': seconds } });

    function refusedFirst(method: 'get' | 'post', refusals: number, seconds: string) {
      const sentAt: number[] = [];
      server.use(
        http[method](apiUrl('/probe'), () => {
          sentAt.push(Date.now());
          return sentAt.length <= refusals ? overLimit(seconds) : HttpResponse.json({ ok: true });
        }),
      );
      return sentAt;
    }

    it('waits for Retry-After, sends the query again and says so meanwhile instead of failing', async () => {
      const sentAt = refusedFirst('get', 1, '1');
      const { store } = renderWithProviders(<p>screen</p>);
      const result = store.dispatch(probeApi.endpoints.probe.initiate('/probe'));
      expect(await screen.findByRole('status')).toHaveTextContent(slowDownText(1));
      expect(store.getState().slowDown.resumesAt).toBeGreaterThan(Date.now());
      expect((await act(async () => result)).data).toEqual({ ok: true });
      expect(sentAt).toHaveLength(2);
      expect(sentAt[1] - sentAt[0]).toBeGreaterThanOrEqual(900);
      await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
      expect(store.getState().slowDown.resumesAt).toBeNull();
    });

    it('other requests made during the wait wait too, rather than meet the limit again', async () => {
      refusedFirst('get', 1, '1');
      const other: number[] = [];
      server.use(http.get(apiUrl('/other'), () => (other.push(Date.now()), HttpResponse.json({ ok: true }))));
      const store = makeStore();
      const first = store.dispatch(probeApi.endpoints.probe.initiate('/probe'));
      await waitFor(() => expect(store.getState().slowDown.resumesAt).not.toBeNull());
      const resumesAt = store.getState().slowDown.resumesAt ?? 0;
      expect((await store.dispatch(probeApi.endpoints.probe.initiate('/other'))).data).toEqual({ ok: true });
      expect(other[0]).toBeGreaterThanOrEqual(resumesAt - 10);
      await first;
    });

    it('sends a refused write again (the limit refused it before it did anything)', async () => {
      const sentAt = refusedFirst('post', 2, '0');
      const result = await makeStore().dispatch(probeApi.endpoints.probeWrite.initiate('/probe'));
      expect('data' in result && result.data).toEqual({ ok: true });
      expect(sentAt).toHaveLength(3);
    });

    it('gives up after three refusals in a row and passes the 429 on', async () => {
      const sentAt = refusedFirst('get', 10, '0');
      const result = await makeStore().dispatch(probeApi.endpoints.probe.initiate('/probe'));
      expect(result.error).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS', retryAfterSeconds: 0 });
      expect(sentAt).toHaveLength(3);
    });

    it("the sign-in throttle's 429 is an answer, sent once", async () => {
      const calls = counting('post', '/probe', () => HttpResponse.json({ error: 'Too many sign-in attempts.', code: 'RATE_LIMITED' }, { status: 429, headers: { 'retry-after': '0' } }));
      const store = makeStore();
      const result = await store.dispatch(probeApi.endpoints.probeWrite.initiate('/probe'));
      expect('error' in result && result.error).toMatchObject({ status: 429, code: 'RATE_LIMITED' });
      expect(calls.count).toBe(1);
      expect(store.getState().slowDown.resumesAt).toBeNull();
    });
  });
});
