import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { Permission } from '@shared/permissions/catalogue';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderWithProviders } from '@client/testing/test-utils';
import SettingsPage from './settings-page';

function renderSettings(route = '/settings', permissions?: Permission[]) {
  return renderWithProviders(<SettingsPage />, {
    route,
    path: '/settings',
    user: sessionUser(permissions ? { permissions } : {}),
  });
}

function teamAnswers() {
  server.use(
    http.get(apiUrl('/members'), () => HttpResponse.json({ members: [], total: 0 })),
    http.get(apiUrl('/members/invitations'), () => HttpResponse.json({ invitations: [], total: 0 })),
    http.get(apiUrl('/roles'), () => HttpResponse.json({ roles: [] })),
  );
}

// The gated panels are lazy chunks that bring the DataGrid: the first load takes a while in jsdom.
const LAZY = { timeout: 8000 };

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('Settings screen', () => {
  it('shows all six tabs to someone holding every permission, Profile first', () => {
    renderSettings();
    expect(tabNames()).toEqual(['Profile', 'Messaging API', 'Organization', 'Team Members', 'Roles & Permissions', 'Canned Responses']);
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('heading', { name: 'Personal Information' })).toBeInTheDocument();
  });

  it('gates each tab by its permission', () => {
    renderSettings('/settings', ['members:view']);
    expect(tabNames()).toEqual(['Profile', 'Team Members']);
  });

  it('shows Organization, beside Messaging API, only with settings:view', () => {
    renderSettings('/settings', ['settings:view']);
    expect(tabNames()).toEqual(['Profile', 'Messaging API', 'Organization']);
  });

  it('shows Canned Responses to whoever can send or manage them', () => {
    for (const permission of ['messages:send', 'chats:respond', 'canned_responses:manage'] as const) {
      const { unmount } = renderSettings('/settings', [permission]);
      expect(tabNames()).toEqual(['Profile', 'Canned Responses']);
      unmount();
    }
    renderSettings('/settings', ['chats:view', 'messages:view']);
    expect(tabNames()).toEqual(['Profile']);
  });

  it('?tab=canned-responses opens the Canned Responses panel', async () => {
    server.use(
      http.get(apiUrl('/canned-responses'), () =>
        HttpResponse.json({ data: [], pagination: { page: 1, limit: 25, total: 0, totalPages: 1, hasNext: false } }),
      ),
    );
    renderSettings('/settings?tab=canned-responses', ['messages:send']);
    expect(screen.getByRole('tab', { name: 'Canned Responses' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'Canned Responses' }, LAZY)).toBeInTheDocument();
    expect(await screen.findByText('No canned responses yet', {}, LAZY)).toBeInTheDocument();
  });

  it('?tab= selects the initial tab, then the URL goes back to /settings', async () => {
    teamAnswers();
    const { router } = renderSettings('/settings?tab=members');
    expect(screen.getByRole('tab', { name: 'Team Members' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('heading', { name: 'Current Members (0)' }, LAZY)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/settings');
  });

  it('never renders the panel of a tab whose permission is missing, even when the URL asks for it', async () => {
    const { router } = renderSettings('/settings?tab=roles', ['members:view']);
    expect(screen.getByRole('tab', { name: 'Profile' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('heading', { name: 'Role Management' })).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('switches tabs on click', async () => {
    teamAnswers();
    const { user } = renderSettings();
    await user.click(screen.getByRole('tab', { name: 'Roles & Permissions' }));
    expect(await screen.findByRole('heading', { name: 'Role Management' }, LAZY)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Personal Information' })).not.toBeInTheDocument();
  });

  it('a link with ?tab= followed while the screen is open selects that tab', async () => {
    teamAnswers();
    const { router } = renderSettings();
    await act(() => router.navigate('/settings?tab=roles'));
    expect(await screen.findByRole('heading', { name: 'Role Management' }, LAZY)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });
});
