import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { DashboardCard } from '@shared/api/analytics';
import { DASHBOARD_REFRESH_MS } from '@shared/constants';
import { api } from '@client/api/base-api';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderWithProviders } from '@client/testing/test-utils';
import DashboardScreen from './dashboard-screen';

const CARDS: DashboardCard[] = [
  { id: 'conversations', title: 'Conversations', value: 1280, icon: 'messages', color: '#1976d2', link: '/conversations' },
  { id: 'contacts', title: 'Contacts', value: 342, icon: 'users', color: '#388e3c', link: '/contacts' },
  { id: 'templates', title: 'Templates', value: 12, icon: 'template', color: '#f57c00', link: '/templates' },
  { id: 'tags', title: 'Tags', value: 9, icon: 'tags', color: '#7b1fa2', link: '/tags' },
];

describe('dashboard', () => {
  it('welcomes the user by name', async () => {
    server.use(http.get(apiUrl('/analytics'), () => HttpResponse.json({ cards: [] })));
    renderWithProviders(<DashboardScreen />, { user: sessionUser({ name: 'Amira Haddad' }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Amira Haddad!' })).toBeInTheDocument();
  });

  it('shows a skeleton while loading, then a card per statistic with its icon, value and link', async () => {
    let answer: () => void = () => undefined;
    server.use(
      http.get(apiUrl('/analytics'), () => new Promise<Response>((resolve) => {
        answer = () => resolve(HttpResponse.json({ cards: CARDS }));
      })),
    );
    renderWithProviders(<DashboardScreen />, { user: sessionUser() });
    expect(await screen.findByRole('status', { name: 'Loading statistics' })).toBeInTheDocument();

    answer();
    const grid = await screen.findByRole('region', { name: 'Statistics' });
    expect(screen.queryByRole('status', { name: 'Loading statistics' })).not.toBeInTheDocument();
    const links = within(grid).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/conversations', '/contacts', '/templates', '/tags']);
    expect(links[0]).toHaveTextContent('1,280');
    expect(links[0]).toHaveTextContent('Conversations');
    expect(within(links[0]).getByTestId('stat-icon-messages')).toBeInTheDocument();
    expect(within(links[1]).getByTestId('stat-icon-users')).toBeInTheDocument();
    expect(within(links[2]).getByTestId('stat-icon-template')).toBeInTheDocument();
    expect(within(links[3]).getByTestId('stat-icon-tags')).toBeInTheDocument();
  });

  it('opens the screen a card links to', async () => {
    server.use(http.get(apiUrl('/analytics'), () => HttpResponse.json({ cards: CARDS })));
    const { user, router } = renderWithProviders(<DashboardScreen />, { user: sessionUser(), path: '/' });
    await user.click(await screen.findByRole('link', { name: /Contacts/ }));
    expect(router.state.location.pathname).toBe('/contacts');
  });

  it('says so when the statistics cannot be loaded', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    server.use(http.get(apiUrl('/analytics'), () => HttpResponse.json({ error: 'boom' }, { status: 500 })));
    renderWithProviders(<DashboardScreen />, { user: sessionUser() });
    expect(
      await screen.findByText('Failed to load dashboard analytics. Please try refreshing the page.'),
    ).toBeInTheDocument();
  });

  it('refreshes the figures every 30 seconds', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    try {
      let contacts = 342;
      server.use(
        http.get(apiUrl('/analytics'), () => HttpResponse.json({ cards: [{ ...CARDS[1], value: contacts }] })),
      );
      renderWithProviders(<DashboardScreen />, { user: sessionUser() });
      expect(await screen.findByText('342')).toBeInTheDocument();

      contacts = 343;
      await act(() => jest.advanceTimersByTimeAsync(DASHBOARD_REFRESH_MS - 1000));
      expect(screen.getByText('342')).toBeInTheDocument();
      await act(() => jest.advanceTimersByTimeAsync(1000));
      await waitFor(() => expect(screen.getByText('343')).toBeInTheDocument());
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows the inbox cards with the longest wait and links to the filtered inbox', async () => {
    const readAt = Date.now();
    server.use(http.get(apiUrl('/analytics'), () => HttpResponse.json({
      cards: [
        { id: 'waiting', title: 'Customers waiting for a reply', value: 3, icon: 'waiting', color: '#c62828', link: '/conversations', waitingSince: new Date(readAt - 125 * 60_000).toISOString() },
        { id: 'unassigned', title: 'Unassigned conversations', value: 2, icon: 'unassigned', color: '#00838f', link: '/conversations?filter=unassigned' },
        { id: 'my-open', title: 'My open conversations', value: 5, icon: 'mine', color: '#5e35b1', link: '/conversations?filter=mine' },
      ] satisfies DashboardCard[],
    })));
    renderWithProviders(<DashboardScreen />, { user: sessionUser() });
    const waiting = await screen.findByRole('link', { name: /Customers waiting for a reply/ });
    expect(waiting).toHaveTextContent('Longest wait: 2h');
    expect(screen.getByRole('link', { name: /Unassigned conversations/ })).toHaveAttribute('href', '/conversations?filter=unassigned');
    expect(screen.getByRole('link', { name: /My open conversations/ })).toHaveAttribute('href', '/conversations?filter=mine');
    expect(screen.getByRole('link', { name: /My open conversations/ })).not.toHaveTextContent('Longest wait');
  });

  it('shows the median first response as a duration, and a dash before any response today', async () => {
    const response: DashboardCard = { id: 'first-response', title: 'Median first response today', value: 135, unit: 'minutes', icon: 'response', color: '#2e7d32', link: '/conversations' };
    server.use(http.get(apiUrl('/analytics'), () => HttpResponse.json({ cards: [response] })));
    const { unmount } = renderWithProviders(<DashboardScreen />, { user: sessionUser() });
    expect(await screen.findByRole('link', { name: /Median first response today/ })).toHaveTextContent('2h');
    unmount();

    server.use(http.get(apiUrl('/analytics'), () => HttpResponse.json({ cards: [{ ...response, value: null }] })));
    renderWithProviders(<DashboardScreen />, { user: sessionUser() });
    expect(await screen.findByRole('link', { name: /Median first response today/ })).toHaveTextContent('—');
  });

  it('lists the latest broadcasts with their delivery and read rates, each opening its analytics, when the server sends them', async () => {
    server.use(http.get(apiUrl('/analytics'), () => HttpResponse.json({
      cards: [CARDS[0]],
      recentBroadcasts: [
        { id: 'b-3', name: 'Eid offers', sentCount: 200, deliveryRate: 0.95, readRate: 0.5 },
        { id: 'b-2', name: 'Restock', sentCount: 0, deliveryRate: null, readRate: null },
      ],
    })));
    const { user, router } = renderWithProviders(<DashboardScreen />, { user: sessionUser(), path: '/' });
    const section = await screen.findByRole('region', { name: 'Latest broadcasts' });
    expect(within(section).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Eid offersDelivered 95% · Read 50%',
      'RestockDelivered — · Read —',
    ]);
    await user.click(within(section).getByRole('link', { name: 'Eid offers' }));
    expect(router.state.location.pathname).toBe('/broadcast/b-3/analytics');
  });

  it('shows no broadcasts section when the server leaves them out (no analytics:view)', async () => {
    server.use(http.get(apiUrl('/analytics'), () => HttpResponse.json({ cards: [CARDS[0]] })));
    renderWithProviders(<DashboardScreen />, { user: sessionUser() });
    expect(await screen.findByRole('region', { name: 'Statistics' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Latest broadcasts' })).not.toBeInTheDocument();
  });

  it('keeps refreshing in an unfocused window, pauses in a hidden tab and refreshes on showing it again', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    let visibility: DocumentVisibilityState = 'visible';
    const visibilitySpy = jest.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    const setVisibility = (value: DocumentVisibilityState) => {
      visibility = value;
      document.dispatchEvent(new Event('visibilitychange'));
    };
    try {
      let requests = 0;
      server.use(http.get(apiUrl('/analytics'), () => {
        requests += 1;
        return HttpResponse.json({ cards: [{ ...CARDS[1], value: 300 + requests }] });
      }));
      const { store } = renderWithProviders(<DashboardScreen />, { user: sessionUser() });
      expect(await screen.findByText('301')).toBeInTheDocument();

      // What the app's RTK Query listeners record when the window loses focus.
      act(() => {
        store.dispatch(api.internalActions.onFocusLost());
      });
      await act(() => jest.advanceTimersByTimeAsync(DASHBOARD_REFRESH_MS));
      await waitFor(() => expect(screen.getByText('302')).toBeInTheDocument());

      act(() => setVisibility('hidden'));
      await act(() => jest.advanceTimersByTimeAsync(DASHBOARD_REFRESH_MS * 3));
      expect(requests).toBe(2);

      act(() => setVisibility('visible'));
      await waitFor(() => expect(screen.getByText('303')).toBeInTheDocument());
    } finally {
      visibilitySpy.mockRestore();
      jest.useRealTimers();
    }
  });
});
