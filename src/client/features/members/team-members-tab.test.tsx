import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { InvitationIssuedResponse, PendingInvitation, TeamMember } from '@shared/api/members';
import type { Permission } from '@shared/permissions/catalogue';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderWithProviders } from '@client/testing/test-utils';
import TeamMembersTab from './team-members-tab';

const me = sessionUser({ name: 'Amira Haddad' });

const members: TeamMember[] = [
  {
    id: 'm-1', userId: me.userId, name: 'Amira Haddad', email: 'amira@example.com',
    role: { id: 'r-admin', name: 'Admin' }, joinedAt: '2026-01-05T10:00:00.000Z',
  },
  {
    id: 'm-2', userId: 'u-2', name: 'Omar Khalil', email: 'omar@example.com',
    role: { id: 'r-agent', name: 'Agent' }, joinedAt: '2026-02-10T10:00:00.000Z',
  },
];

const invitation: PendingInvitation = {
  id: 'i-1', email: 'yusuf@example.com', role: { id: 'r-agent', name: 'Agent' }, invitedBy: { name: 'Amira Haddad' },
  expiresAt: '2026-03-01T10:00:00.000Z', createdAt: '2026-02-22T10:00:00.000Z',
};

const assignable = [{ id: 'r-manager', name: 'Manager' }, { id: 'r-agent', name: 'Agent' }];

function answers({ invitations = [invitation] }: { invitations?: PendingInvitation[] } = {}) {
  server.use(
    http.get(apiUrl('/members'), () => HttpResponse.json({ members, total: members.length })),
    http.get(apiUrl('/members/invitations'), () => HttpResponse.json({ invitations, total: invitations.length, emailConfigured: false })),
    http.get(apiUrl('/members/assignable-roles'), () => HttpResponse.json({ roles: assignable })),
  );
}

const NO_EMAIL = 'No email is configured: copy the link and send it yourself.';

function issued(id: string, token: string, email = 'yusuf@example.com', kind: 'new' | 'renewed' = 'new'): InvitationIssuedResponse {
  const message = kind === 'new'
    ? `Invitation created for ${email}. ${NO_EMAIL}`
    : `A new invitation link was created for ${email}. The previous link no longer works. ${NO_EMAIL}`;
  return { message, invitation: { ...invitation, id, email }, token, delivered: false };
}

function renderTab(permissions?: Permission[]) {
  return renderWithProviders(<TeamMembersTab />, { user: permissions ? sessionUser({ name: me.name, permissions }) : me });
}

/** A clipboard that records what was written; call after rendering (user-event installs its own at setup). */
function mockClipboard(writeText: (text: string) => Promise<void> = async () => undefined) {
  const spy = jest.fn(writeText);
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: spy } });
  return spy;
}

/** The row of a member in 'Current Members'. */
async function rowOf(name: string) {
  const section = await screen.findByRole('region', { name: /^Current Members/ });
  const cell = await within(section).findByText(name, { selector: 'p' });
  return cell.closest('[role="row"]') as HTMLElement;
}

/** The badge (chip) showing a role name inside a row. */
function badge(row: HTMLElement, roleName: string) {
  return within(row).getByText(roleName).closest('.MuiChip-root');
}

describe('Team Members tab', () => {
  it('lists the current members with role badges and join dates', async () => {
    answers();
    renderTab();
    expect(await screen.findByRole('heading', { name: 'Current Members (2)' })).toBeInTheDocument();
    const omar = await rowOf('Omar Khalil');
    expect(within(omar).getByText('omar@example.com')).toBeInTheDocument();
    expect(badge(omar, 'Agent')).toHaveClass('MuiChip-colorSuccess');
    expect(within(omar).getByText('Feb 10, 2026')).toBeInTheDocument();
    expect(badge(await rowOf('Amira Haddad'), 'Admin')).toHaveClass('MuiChip-colorError');
  });

  it('offers role change and removal, but never removal on the own row', async () => {
    answers();
    renderTab();
    const omar = await rowOf('Omar Khalil');
    expect(within(omar).getByRole('button', { name: 'Change role of Omar Khalil' })).toBeInTheDocument();
    expect(within(omar).getByRole('button', { name: 'Remove Omar Khalil' })).toBeInTheDocument();
    const own = await rowOf('Amira Haddad');
    expect(within(own).queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();
  });

  it('has no Actions column for someone who may neither change roles nor remove members', async () => {
    answers();
    renderTab(['members:view']);
    await rowOf('Omar Khalil');
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).not.toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Member' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite Member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Copy Link/ })).not.toBeInTheDocument();
  });

  it('shows Access Denied without members:view', () => {
    renderTab(['chats:view']);
    expect(screen.getByText('Access Denied')).toBeInTheDocument();
    expect(screen.getByText("You don't have permission to view members.")).toBeInTheDocument();
  });

  it('says so when the members cannot be loaded', async () => {
    answers();
    server.use(http.get(apiUrl('/members'), () => HttpResponse.json({ error: 'Not allowed' }, { status: 403 })));
    renderTab();
    expect(await screen.findByText('Failed to load members. Please try again.')).toBeInTheDocument();
  });

  it('shows "No members found" for an empty list, and no invitations table without invitations', async () => {
    answers({ invitations: [] });
    server.use(http.get(apiUrl('/members'), () => HttpResponse.json({ members: [], total: 0 })));
    renderTab();
    expect(await screen.findByText('No members found')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /Pending Invitations/ })).not.toBeInTheDocument();
  });

  it('lists pending invitations with role, inviter and expiry', async () => {
    answers();
    renderTab();
    expect(await screen.findByRole('heading', { name: 'Pending Invitations (1)' })).toBeInTheDocument();
    const row = (await screen.findByText('yusuf@example.com')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Agent')).toBeInTheDocument();
    expect(within(row).getByText('Amira Haddad')).toBeInTheDocument();
    expect(within(row).getByText('Mar 1, 2026')).toBeInTheDocument();
  });

  it('Copy Link never retires a link shared in an earlier visit: it offers a new link, with the warning, and shows it', async () => {
    answers();
    let resent = 0;
    server.use(
      http.post(apiUrl('/members/invitations/i-1/resend'), () => {
        resent += 1;
        return HttpResponse.json(issued('i-1', 'fresh_token', 'yusuf@example.com', 'renewed'));
      }),
    );
    const { user } = renderTab();
    const writeText = mockClipboard();
    await user.click(await screen.findByRole('button', { name: 'Copy Link (invitation for yusuf@example.com)' }));
    const confirm = await screen.findByRole('dialog', { name: 'Create a New Link' });
    expect(confirm).toHaveTextContent('The link already shared with yusuf@example.com cannot be shown again');
    expect(confirm).toHaveTextContent('The previous link will stop working.');
    expect(writeText).not.toHaveBeenCalled();
    expect(resent).toBe(0);

    await user.click(within(confirm).getByRole('button', { name: 'Create a new link' }));
    const shown = await screen.findByRole('dialog', { name: 'Invitation Link' });
    expect(within(shown).getByRole('textbox', { name: 'Invitation link' })).toHaveValue(`${window.location.origin}/invite/fresh_token`);
    expect(shown).toHaveTextContent('The previous link no longer works.');
    await user.click(within(shown).getByRole('button', { name: 'Copy Link' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/invite/fresh_token`));
    await user.click(within(shown).getByRole('button', { name: 'Done' }));

    // The page now holds that link: the row copies the same one, without retiring it.
    await user.click(await screen.findByRole('button', { name: 'Copy Link (invitation for yusuf@example.com)' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledTimes(2));
    expect(writeText).toHaveBeenLastCalledWith(`${window.location.origin}/invite/fresh_token`);
    expect(await screen.findByText('Copied!')).toBeInTheDocument();
    expect(resent).toBe(1);
  });

  it('cancelling "Create a new link" keeps the shared link alive', async () => {
    answers();
    server.use(http.post(apiUrl('/members/invitations/i-1/resend'), () => HttpResponse.json({ error: 'should not resend' }, { status: 500 })));
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Copy Link (invitation for yusuf@example.com)' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Create a New Link' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('tells the user when the link could not be copied', async () => {
    answers();
    server.use(http.post(apiUrl('/members/invitations/i-1/resend'), () => HttpResponse.json(issued('i-1', 'tok'))));
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Copy Link (invitation for yusuf@example.com)' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Create a New Link' })).getByRole('button', { name: 'Create a new link' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Invitation Link' })).getByRole('button', { name: 'Done' }));
    mockClipboard(async () => {
      throw new Error('denied');
    });
    await user.click(await screen.findByRole('button', { name: 'Copy Link (invitation for yusuf@example.com)' }));
    expect(await screen.findByText('Failed to copy invitation link. Please try again.')).toBeInTheDocument();
  });

  it('with email configured, Resend warns that the old link stops working and emails a new one', async () => {
    answers();
    server.use(
      http.get(apiUrl('/members/invitations'), () => HttpResponse.json({ invitations: [invitation], total: 1, emailConfigured: true })),
      http.post(apiUrl('/members/invitations/i-1/resend'), () => HttpResponse.json({
        ...issued('i-1', 'emailed_token'),
        message: 'A new invitation link was emailed to yusuf@example.com. The previous link no longer works.',
        delivered: true,
      })),
    );
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Resend (invitation for yusuf@example.com)' }));
    const confirm = await screen.findByRole('dialog', { name: 'Resend Invitation' });
    expect(confirm).toHaveTextContent('A new invitation link will be emailed to yusuf@example.com. The previous link will stop working.');
    await user.click(within(confirm).getByRole('button', { name: 'Resend' }));
    const shown = await screen.findByRole('dialog', { name: 'Invitation Link' });
    expect(shown).toHaveTextContent('A new invitation link was emailed to yusuf@example.com. The previous link no longer works.');
    expect(within(shown).getByRole('textbox', { name: 'Invitation link' })).toHaveValue(`${window.location.origin}/invite/emailed_token`);
  });

  it('without email there is no Resend, and the invite form says the link must be shared by hand', async () => {
    answers();
    const { user } = renderTab();
    await screen.findByRole('button', { name: 'Copy Link (invitation for yusuf@example.com)' });
    expect(screen.queryByRole('button', { name: /^Resend/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Invite Member' }));
    expect(await screen.findByRole('dialog', { name: 'Invite New Member' })).toHaveTextContent(
      'No email is configured: copy the link and send it yourself.',
    );
  });

  it('invites a member, validating the form first, shows the new link, and copies it later without reissuing it', async () => {
    answers();
    let sent: unknown;
    let invitations: PendingInvitation[] = [invitation];
    server.use(
      http.get(apiUrl('/members/invitations'), () => HttpResponse.json({ invitations, total: invitations.length, emailConfigured: false })),
      http.post(apiUrl('/members/invite'), async ({ request }) => {
        sent = await request.json();
        const response = issued('i-2', 'new_token', 'sara@example.com');
        invitations = [...invitations, response.invitation];
        return HttpResponse.json(response, { status: 201 });
      }),
      http.post(apiUrl('/members/invitations/:id/resend'), () => HttpResponse.json({ error: 'should not resend' }, { status: 500 })),
    );
    const { user } = renderTab();
    const writeText = mockClipboard();
    await user.click(await screen.findByRole('button', { name: 'Invite Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite New Member' });

    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByText('Email is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Role is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Email Address'), 'sara@');
    await user.tab();
    expect(await within(dialog).findByText('Invalid email format')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Email Address'), 'example.com');
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Agent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));

    const shown = await screen.findByRole('dialog', { name: 'Invitation Link' });
    expect(shown).toHaveTextContent('Invitation created for sara@example.com. No email is configured: copy the link and send it yourself.');
    expect(within(shown).getByRole('textbox', { name: 'Invitation link' })).toHaveValue(`${window.location.origin}/invite/new_token`);
    expect(sent).toEqual({ email: 'sara@example.com', roleId: 'r-agent' });
    expect(screen.queryByRole('dialog', { name: 'Invite New Member' })).not.toBeInTheDocument();
    await user.click(within(shown).getByRole('button', { name: 'Done' }));

    await user.click(await screen.findByRole('button', { name: 'Copy Link (invitation for sara@example.com)' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/invite/new_token`));
   }, 60_000);

  it("shows the server's reason when an invitation is refused", async () => {
    answers();
    server.use(
      http.post(apiUrl('/members/invite'), () =>
        HttpResponse.json({ error: 'This person is already a member of your organization' }, { status: 409 })),
    );
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Invite Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite New Member' });
    await user.type(within(dialog).getByLabelText('Email Address'), 'omar@example.com');
    await user.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Agent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await screen.findByText('This person is already a member of your organization')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Invite New Member' })).toBeInTheDocument();
  });

  it('changes a member\'s role in the "Update Role for {member}" dialog and refreshes the list', async () => {
    let current = members;
    server.use(
      http.get(apiUrl('/members'), () => HttpResponse.json({ members: current, total: current.length })),
      http.get(apiUrl('/members/invitations'), () => HttpResponse.json({ invitations: [], total: 0 })),
      http.get(apiUrl('/members/assignable-roles'), () => HttpResponse.json({ roles: assignable })),
      http.put(apiUrl('/members/m-2/role'), async ({ request }) => {
        const { roleId } = (await request.json()) as { roleId: string };
        current = current.map((m) => (m.id === 'm-2' ? { ...m, role: { id: roleId, name: 'Manager' } } : m));
        return HttpResponse.json({ message: 'Omar Khalil is now Manager', member: current[1] });
      }),
    );
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Change role of Omar Khalil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update Role for Omar Khalil' });
    await user.click(within(dialog).getByRole('button', { name: 'Update Role' }));
    expect(await within(dialog).findByText('Role is required')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('combobox', { name: 'New Role' }));
    await user.click(await screen.findByRole('option', { name: 'Manager' }));
    await user.click(within(dialog).getByRole('button', { name: 'Update Role' }));

    expect(await screen.findByText('Omar Khalil is now Manager')).toBeInTheDocument();
    await waitFor(async () => expect(badge(await rowOf('Omar Khalil'), 'Manager')).toHaveClass('MuiChip-colorInfo'));
  });

  it('removes a member after confirmation', async () => {
    let current = members;
    server.use(
      http.get(apiUrl('/members'), () => HttpResponse.json({ members: current, total: current.length })),
      http.get(apiUrl('/members/invitations'), () => HttpResponse.json({ invitations: [], total: 0 })),
      http.delete(apiUrl('/members/m-2'), () => {
        current = current.filter((m) => m.id !== 'm-2');
        return HttpResponse.json({ message: 'Member removed successfully' });
      }),
    );
    const { user } = renderTab();
    await user.click(await screen.findByRole('button', { name: 'Remove Omar Khalil' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Member' });
    expect(dialog).toHaveTextContent('Are you sure you want to remove Omar Khalil from the organization?');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Member removed successfully')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Current Members (1)' })).toBeInTheDocument();
    expect(screen.queryByText('Omar Khalil')).not.toBeInTheDocument();
  });
});
