import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Permission } from '@shared/permissions/catalogue';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderApp } from '@client/testing/test-utils';

const noAccessHeading = () => screen.findByRole('heading', { name: "You don't have access" });

describe('route permission guard', () => {
  it.each<[string, string, Permission]>([
    ['/contacts', 'Contacts', 'contacts:view'],
    ['/contacts/import', 'Import Contacts', 'contacts:view'],
    ['/tags', 'Tags', 'contacts:view'],
    ['/templates', 'Templates', 'templates:view'],
    ['/broadcast', 'Broadcasts', 'broadcasts:view'],
    ['/broadcast/new', 'New Broadcast', 'broadcasts:create'],
    ['/broadcast/b-1/analytics', 'Broadcast Analytics', 'analytics:view'],
    ['/conversations', 'Conversations', 'chats:view'],
    ['/conversations/0193c0de-0000-7000-8000-000000000001', 'Conversations', 'chats:view'],
  ])('%s (%s) needs %s: without it the shell shows the no-access page and the screen makes no call', async (route, title, permission) => {
    // Every other permission: only the route's own one is missing. No msw handler is set, so a call
    // the screen made would fail the test.
    const others = sessionUser().organization!.permissions.filter((held): held is Permission => held !== permission);
    renderApp({ route, user: sessionUser({ permissions: others }) });
    expect(await noAccessHeading()).toBeInTheDocument();
    expect(screen.getByText(`Your role doesn't include access to ${title}. Ask your administrator if you need it.`)).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main navigation' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(`${title} | Parley`));
  });

  it('offers a way back to the Dashboard', async () => {
    server.use(http.get(apiUrl('/analytics'), () => HttpResponse.json({ cards: [] })));
    const { user, router } = renderApp({ route: '/tags', user: sessionUser({ permissions: [] }) });
    await user.click(await screen.findByRole('link', { name: 'Back to Dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { name: /^Welcome back/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: "You don't have access" })).not.toBeInTheDocument();
  });

  it('shows the screen to a holder of the permission', async () => {
    server.use(
      http.get(apiUrl('/tags'), () =>
        HttpResponse.json({ data: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 0, hasNext: false } }),
      ),
    );
    renderApp({ route: '/tags', user: sessionUser({ permissions: ['contacts:view'] }) });
    expect(await screen.findByText('No tags yet')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: "You don't have access" })).not.toBeInTheDocument();
  });

  it.each([
    ['/', /^Welcome back/],
    ['/settings', /^Settings$/],
  ])('%s needs no permission', async (route, heading) => {
    server.use(http.get(apiUrl('/analytics'), () => HttpResponse.json({ cards: [] })));
    renderApp({ route, user: sessionUser({ permissions: [] }) });
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: "You don't have access" })).not.toBeInTheDocument();
  });

  it('reads the permissions from the session check', async () => {
    server.use(http.get(apiUrl('/auth/verify'), () => HttpResponse.json({ user: sessionUser({ permissions: [] }) })));
    renderApp({ route: '/templates' });
    expect(await noAccessHeading()).toBeInTheDocument();
  });
});
