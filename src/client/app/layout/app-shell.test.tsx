import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Permission } from '@shared/permissions/catalogue';
import { api } from '@client/api/base-api';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderApp } from '@client/testing/test-utils';

function stubDashboard() {
  server.use(http.get(apiUrl('/analytics'), () => HttpResponse.json({ cards: [] })));
}

async function sidebarLinks(permissions: Permission[]) {
  renderApp({ route: '/settings', user: sessionUser({ permissions }) });
  const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
  return within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
}

describe('shell', () => {
  it('shows Dashboard and Settings to a member without permissions', async () => {
    expect(await sidebarLinks([])).toEqual([
      ['Dashboard', '/'],
      ['Settings', '/settings'],
    ]);
  });

  it('shows every item, in order, to a member holding their permissions', async () => {
    expect(await sidebarLinks(['contacts:view', 'templates:view', 'broadcasts:view', 'chats:view'])).toEqual([
      ['Dashboard', '/'],
      ['Contacts', '/contacts'],
      ['Tags', '/tags'],
      ['Templates', '/templates'],
      ['Broadcasts', '/broadcast'],
      ['Conversations', '/conversations'],
      ['Settings', '/settings'],
    ]);
  });

  it.each<[Permission, string[]]>([
    ['contacts:view', ['Contacts', 'Tags']],
    ['templates:view', ['Templates']],
    ['broadcasts:view', ['Broadcasts']],
    ['chats:view', ['Conversations']],
    ['analytics:view', ['Reports']],
  ])('%s adds %j', async (permission, added) => {
    const labels = (await sidebarLinks([permission])).map(([label]) => label);
    expect(labels).toEqual(['Dashboard', ...added, 'Settings']);
  });

  it('follows a role change once the Session tag is invalidated', async () => {
    let permissions: Permission[] = ['contacts:view'];
    server.use(http.get(apiUrl('/auth/verify'), () => HttpResponse.json({ user: sessionUser({ permissions }) })));
    const { store } = renderApp({ route: '/settings' });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Contacts' })).toBeInTheDocument();

    permissions = ['templates:view'];
    act(() => {
      store.dispatch(api.util.invalidateTags(['Session']));
    });
    expect(await within(nav).findByRole('link', { name: 'Templates' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Contacts' })).not.toBeInTheDocument();
  });

  it('keeps the navigation list valid: every child of the list is a list item holding one link', async () => {
    renderApp({ route: '/settings', user: sessionUser() });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const list = within(nav).getByRole('list');
    const children = Array.from(list.children);
    expect(children.map((child) => child.tagName)).toEqual(Array(8).fill('LI'));
    expect(children.map((child) => within(child as HTMLElement).getAllByRole('link')).map((links) => links.length)).toEqual(Array(8).fill(1));
  });

  it('names every icon-only link of the collapsed sidebar by its label', async () => {
    window.localStorage.setItem('parley.sidebar.collapsed', 'true');
    renderApp({ route: '/settings', user: sessionUser() });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    await screen.findByRole('button', { name: 'Expand sidebar' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(Array(8).fill(''));
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual([
      'Dashboard', 'Contacts', 'Tags', 'Templates', 'Broadcasts', 'Conversations', 'Reports', 'Settings',
    ]);
  });

  it('marks the current section', async () => {
    renderApp({ route: '/contacts/import', user: sessionUser() });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Contacts' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute('aria-current');
  });

  it('greets the user in the header', async () => {
    stubDashboard();
    renderApp({ route: '/', user: sessionUser({ name: 'Omar Nasser' }) });
    const header = await screen.findByRole('banner');
    expect(within(header).getByText(/Welcome,/)).toHaveTextContent('Welcome, Omar Nasser');
    expect(within(header).getByText('Parley')).toBeInTheDocument();
  });

  it('collapses the sidebar to icons and remembers it', async () => {
    stubDashboard();
    const first = renderApp({ route: '/', user: sessionUser() });
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByText('Contacts')).toBeVisible();

    await first.user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(within(nav).queryByText('Contacts')).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Contacts' })).toBeInTheDocument();
    first.unmount();

    renderApp({ route: '/', user: sessionUser() });
    expect(await screen.findByRole('button', { name: 'Expand sidebar' })).toBeInTheDocument();
  });

  it('uses a drawer on narrow screens', async () => {
    const original = window.matchMedia;
    window.matchMedia = (query: string) => ({ ...original(query), matches: query.includes('48em') });
    try {
      stubDashboard();
      server.use(
        http.get(apiUrl('/contacts'), () =>
          HttpResponse.json({ data: [], pagination: { page: 1, limit: 50, total: 0, totalPages: 0, hasNext: false } }),
        ),
      );
      const { user, router } = renderApp({ route: '/', user: sessionUser() });
      const open = await screen.findByRole('button', { name: 'Open navigation' });
      expect(screen.queryByRole('link', { name: 'Contacts' })).not.toBeInTheDocument();
      await user.click(open);
      await user.click(await screen.findByRole('link', { name: 'Contacts' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/contacts'));
      // Choosing a destination closes the drawer.
      await waitFor(() => expect(screen.queryByRole('link', { name: 'Contacts' })).not.toBeInTheDocument());
    } finally {
      window.matchMedia = original;
    }
  });

  it('is light by default; the toggle switches to dark and the choice is remembered', async () => {
    stubDashboard();
    const first = renderApp({ route: '/', user: sessionUser() });
    const toDark = await screen.findByRole('button', { name: 'Switch to dark mode' });
    expect(document.documentElement).toHaveClass('light');

    await first.user.click(toDark);
    expect(document.documentElement).toHaveClass('dark');
    expect(screen.getByRole('button', { name: 'Switch to light mode' })).toBeInTheDocument();
    first.unmount();

    document.documentElement.className = '';
    renderApp({ route: '/', user: sessionUser() });
    expect(await screen.findByRole('button', { name: 'Switch to light mode' })).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('dark');
  });

  it('logs out: toast, /login, and no cached data survives', async () => {
    server.use(
      http.get(apiUrl('/analytics'), () =>
        HttpResponse.json({ cards: [{ id: 'contacts', title: 'Contacts', value: 7, icon: 'users', color: '#388e3c', link: '/contacts' }] }),
      ),
      http.post(apiUrl('/auth/logout'), () => HttpResponse.json({ message: 'Logged out successfully' })),
    );
    const { user, router, store } = renderApp({ route: '/', user: sessionUser() });
    await screen.findByText('7');
    await user.click(screen.getByRole('button', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    const queries = Object.values(store.getState().api.queries);
    expect(queries.map((entry) => entry?.endpointName)).not.toContain('getDashboard');
  });

  it('logs out locally even when the server cannot be reached', async () => {
    stubDashboard();
    server.use(http.post(apiUrl('/auth/logout'), () => HttpResponse.error()));
    const { user, router } = renderApp({ route: '/', user: sessionUser() });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'Sign In' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.queryByText('Logged out successfully')).not.toBeInTheDocument();
  });
});
