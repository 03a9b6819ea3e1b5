import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderApp } from '@client/testing/test-utils';

const noCards = () => server.use(http.get(apiUrl('/analytics'), () => HttpResponse.json({ cards: [] })));

const EMPTY_PAGE = { data: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 0, hasNext: false } };

/** Empty answers for the lists the screens load first. */
const emptyLists = () =>
  server.use(
    http.get(apiUrl('/contacts'), () => HttpResponse.json(EMPTY_PAGE)),
    http.get(apiUrl('/tags'), () => HttpResponse.json(EMPTY_PAGE)),
    http.get(apiUrl('/templates/local'), () => HttpResponse.json({ ...EMPTY_PAGE, lastTemplateSync: null })),
    http.get(apiUrl('/conversations'), () => HttpResponse.json(EMPTY_PAGE)),
    http.get(apiUrl('/conversations/status/counts'), () => HttpResponse.json({ all: 0, open: 0, in_progress: 0, resolved: 0, unread: 0 })),
    http.get(apiUrl('/conversations/assignment/counts'), () => HttpResponse.json({ all: 0, mine: 0, unassigned: 0 })),
    http.get(apiUrl('/conversations/contact/:contactId'), () => HttpResponse.json({ error: 'Contact not found' }, { status: 404 })),
    http.get(apiUrl('/broadcast'), () => HttpResponse.json(EMPTY_PAGE)),
    http.get(apiUrl('/broadcast/:id/analytics'), () => HttpResponse.json({ error: 'Broadcast not found' }, { status: 404 })),
  );

describe('route table', () => {
  it('sends a signed-out visitor of a signed-in route to /login', async () => {
    const { router } = renderApp({ route: '/contacts' });
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(document.title).toBe('Login | Parley');
  });

  it('shows a spinner while the session check is running', async () => {
    let answer: () => void = () => undefined;
    server.use(
      http.get(apiUrl('/auth/verify'), () => new Promise<Response>((resolve) => {
        answer = () => resolve(HttpResponse.json({ error: 'Not signed in' }, { status: 401 }));
      })),
    );
    renderApp({ route: '/' });
    expect(await screen.findByLabelText('Checking your session')).toBeInTheDocument();
    answer();
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('reads the signed-in user from a 200 session check', async () => {
    noCards();
    server.use(http.get(apiUrl('/auth/verify'), () => HttpResponse.json({ user: sessionUser({ name: 'Omar Nasser' }) })));
    renderApp({ route: '/' });
    expect(await screen.findByRole('heading', { name: 'Welcome back, Omar Nasser!' })).toBeInTheDocument();
  });

  it('treats a failing session check as signed out', async () => {
    server.use(http.get(apiUrl('/auth/verify'), () => HttpResponse.json({ error: 'boom' }, { status: 503 })));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderApp({ route: '/' });
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends a signed-in user away from /login to the dashboard', async () => {
    noCards();
    const { router } = renderApp({ route: '/login', user: sessionUser() });
    expect(await screen.findByRole('heading', { name: /^Welcome back/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(document.title).toBe('Dashboard | Parley');
  });

  it('redirects /invite/{token} to the login screen in invite mode', async () => {
    server.use(
      http.get(apiUrl('/auth/invitation/tok-123'), () =>
        HttpResponse.json({ invitation: { email: 'new@example.com', organizationName: 'Oasis Spices', roleName: 'Agent' } }),
      ),
    );
    const { router } = renderApp({ route: '/invite/tok-123' });
    expect(await screen.findByRole('heading', { name: 'Join Organization' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('?invite=tok-123');
  });

  it('/login?signup=true opens the signup mode', async () => {
    renderApp({ route: '/login?signup=true' });
    expect(await screen.findByRole('heading', { name: 'Create Account & Organization' })).toBeInTheDocument();
  });

  it.each([
    ['/contacts', 'Contacts'],
    ['/contacts/import', 'Import Contacts'],
    ['/conversations', 'Conversations'],
    ['/conversations/0193c0de-0000-7000-8000-000000000001', 'Conversations'],
    ['/templates', 'Templates'],
    ['/tags', 'Tags'],
    ['/broadcast', 'Broadcasts'],
    ['/broadcast/new', 'New Broadcast'],
    ['/broadcast/abc/analytics', 'Broadcast Analytics'],
    ['/settings', 'Settings'],
  ])('titles %s "%s | Parley"', async (route, title) => {
    emptyLists();
    renderApp({ route, user: sessionUser() });
    await waitFor(() => expect(document.title).toBe(`${title} | Parley`));
    expect(await screen.findByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
  });

  it('the inbox leads its title with the conversations that have unread messages, and leaves it behind when closed', async () => {
    emptyLists();
    server.use(http.get(apiUrl('/conversations/status/counts'), () => HttpResponse.json({ all: 5, open: 5, in_progress: 0, resolved: 0, unread: 3 })));
    noCards();
    const { router } = renderApp({ route: '/conversations', user: sessionUser() });
    await waitFor(() => expect(document.title).toBe('(3) Conversations | Parley'));
    await act(() => router.navigate('/'));
    await waitFor(() => expect(document.title).toBe('Dashboard | Parley'));
  });

  it.each([
    ['signed out', null],
    ['signed in', sessionUser()],
  ])('shows the 404 page for an unknown path (%s), titled with the bare product name', async (_label, user) => {
    const { router, user: events } = renderApp({ route: '/no/such/page', user });
    expect(await screen.findByRole('heading', { name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('The page you are looking for might have been moved or deleted, or the URL may be wrong.')).toBeInTheDocument();
    expect(document.title).toBe('Parley');
    if (user) noCards();
    await events.click(screen.getByRole('link', { name: 'Go Back Home' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(user ? '/' : '/login'));
  });
});
