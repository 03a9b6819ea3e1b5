import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { TeamMember } from '@shared/api/members';
import type { Permission } from '@shared/permissions/catalogue';
import { ALL_PERMISSIONS } from '@shared/permissions/catalogue';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderWithProviders } from '@client/testing/test-utils';
import TeamMembersTab from './team-members-tab';

const me = sessionUser({ name: 'Amira Haddad' });
const members: TeamMember[] = [
  { id: 'm-1', userId: me.userId, name: 'Amira Haddad', email: 'amira@example.com', role: { id: 'r-admin', name: 'Admin' }, joinedAt: '2026-01-05T10:00:00.000Z' },
  { id: 'm-2', userId: 'u-2', name: 'Omar Khalil', email: 'omar@example.com', role: { id: 'r-agent', name: 'Agent' }, joinedAt: '2026-02-10T10:00:00.000Z' },
];
const LINK = 'http://localhost:3000/reset-password/Zm9vYmFy';

function answers({ emailConfigured }: { emailConfigured: boolean }) {
  const asked: string[] = [];
  server.use(
    http.get(apiUrl('/members'), () => HttpResponse.json({ members, total: members.length })),
    http.get(apiUrl('/members/invitations'), () => HttpResponse.json({ invitations: [], total: 0, emailConfigured })),
    http.post(apiUrl('/members/:id/password-reset'), ({ params }) => {
      asked.push(String(params.id));
      return HttpResponse.json({ link: LINK, expiresAt: '2026-03-01T11:00:00.000Z' }, { status: 201 });
    }),
  );
  return asked;
}

const renderTab = (permissions: readonly Permission[] = ALL_PERMISSIONS) =>
  renderWithProviders(<TeamMembersTab />, { user: sessionUser({ name: me.name, permissions }) });

describe('password reset link for a member', () => {
  it('without email, an admin creates a link for another member, shown once with Copy', async () => {
    const asked = answers({ emailConfigured: false });
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Create a password reset link for Omar Khalil' }));
    expect(screen.queryByRole('button', { name: 'Create a password reset link for Amira Haddad' })).not.toBeInTheDocument();

    const dialog = screen.getByRole('dialog', { name: 'Password Reset Link' });
    expect(asked).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Create Link' }));
    expect(await within(dialog).findByRole('textbox', { name: 'Reset link' })).toHaveValue(LINK);
    expect(asked).toEqual(['m-2']);

    const writeText = jest.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    await user.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(LINK);
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Copied. This link is shown only now.');
  });

  it('is not offered when the server emails reset links, nor to members who cannot change roles', async () => {
    answers({ emailConfigured: true });
    const { unmount } = renderTab();
    expect(await screen.findByText('Omar Khalil')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /password reset link/ })).not.toBeInTheDocument();
    unmount();

    answers({ emailConfigured: false });
    renderTab(['members:view', 'members:remove']);
    expect(await screen.findByText('Omar Khalil')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /password reset link/ })).not.toBeInTheDocument();
  });
});
