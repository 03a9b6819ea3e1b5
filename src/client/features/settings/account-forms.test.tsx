import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { AccountSession, EmailChangeRequest, EmailChangeStatus, PasswordChangeRequest } from '@shared/api/account';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderWithProviders } from '@client/testing/test-utils';
import { accountApi } from './account-api';
import ProfileTab from './profile-tab';

const section = (name: string) => screen.getByRole('region', { name });

describe('Profile: name', () => {
  it('saves a new name and shows the one the server now has', async () => {
    const sent: unknown[] = [];
    server.use(
      http.put(apiUrl('/auth/profile'), async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ message: 'Your name was saved' });
      }),
      http.get(apiUrl('/auth/verify'), () => HttpResponse.json({ user: sessionUser({ name: 'Amira Saleh' }) })),
    );
    const { user } = renderWithProviders(<ProfileTab />, { user: sessionUser() });
    const field = within(section('Personal Information')).getByRole('textbox', { name: 'Full Name' });
    await user.clear(field);
    await user.type(field, '  Amira Saleh ');
    await user.click(screen.getByRole('button', { name: 'Save Name' }));
    expect(await screen.findByText('Your name was saved')).toBeInTheDocument();
    expect(sent).toEqual([{ name: 'Amira Saleh' }]);
    await waitFor(() => expect(within(section('Personal Information')).getByRole('textbox', { name: 'Full Name' })).toHaveValue('Amira Saleh'));
  });

  it('holds a name the rule refuses, with its message', async () => {
    const { user } = renderWithProviders(<ProfileTab />, { user: sessionUser() });
    const field = screen.getByRole('textbox', { name: 'Full Name' });
    await user.clear(field);
    await user.type(field, 'R2-D2');
    await user.click(screen.getByRole('button', { name: 'Save Name' }));
    await waitFor(() => expect(field).toHaveAccessibleDescription('Name can only contain letters and spaces'));
  });
});

describe('Profile: password', () => {
  const fieldOf = (label: string) => within(section('Password')).getByLabelText(label);

  it('asks for the current password and a new one that follows the rules', async () => {
    const { user } = renderWithProviders(<ProfileTab />, { user: sessionUser() });
    await user.type(fieldOf('New Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(fieldOf('Current Password')).toHaveAccessibleDescription('Current password is required'));
    expect(fieldOf('New Password')).toHaveAccessibleDescription('Password must be at least 8 characters');
  });

  it('sends both, says the other sessions are signed out, and empties the form', async () => {
    const sent: PasswordChangeRequest[] = [];
    server.use(
      http.put(apiUrl('/auth/password'), async ({ request }) => {
        sent.push((await request.json()) as PasswordChangeRequest);
        return HttpResponse.json({ message: 'Your password was changed. Your other sessions are signed out.' });
      }),
      http.get(apiUrl('/auth/verify'), () => HttpResponse.json({ user: sessionUser() })),
    );
    const { user } = renderWithProviders(<ProfileTab />, { user: sessionUser() });
    await user.type(fieldOf('Current Password'), 'Old1Password');
    await user.type(fieldOf('New Password'), 'Brand1New');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Your password was changed. Your other sessions are signed out.')).toBeInTheDocument();
    expect(sent).toEqual([{ currentPassword: 'Old1Password', newPassword: 'Brand1New' }]);
    await waitFor(() => expect(fieldOf('Current Password')).toHaveValue(''));
  });

  it("shows the server's answer to a wrong current password and keeps what was typed", async () => {
    server.use(http.put(apiUrl('/auth/password'), () => HttpResponse.json({ error: 'Current password is incorrect' }, { status: 400 })));
    const { user } = renderWithProviders(<ProfileTab />, { user: sessionUser() });
    await user.type(fieldOf('Current Password'), 'Wrong1Password');
    await user.type(fieldOf('New Password'), 'Brand1New');
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(fieldOf('New Password')).toHaveValue('Brand1New');
  });
});

describe('Profile: sessions', () => {
  const here: AccountSession = { id: 'a'.repeat(64), device: 'Chrome on Linux', signedInAt: '2026-01-05T09:00:00.000Z', lastUsedAt: '2026-01-05T09:30:00.000Z', current: true };
  const phone: AccountSession = { id: 'b'.repeat(64), device: 'Safari on iOS', signedInAt: '2026-01-04T08:00:00.000Z', lastUsedAt: '2026-01-04T18:45:00.000Z', current: false };
  const tablet: AccountSession = { id: 'c'.repeat(64), device: 'Firefox on Android', signedInAt: '2026-01-03T08:00:00.000Z', lastUsedAt: '2026-01-03T08:10:00.000Z', current: false };

  function mockSessions(initial: AccountSession[]) {
    let sessions = initial;
    const ended: string[] = [];
    server.use(
      http.get(apiUrl('/auth/sessions'), () => HttpResponse.json({ sessions })),
      http.get(apiUrl('/auth/verify'), () => HttpResponse.json({ user: sessionUser() })),
      http.delete(apiUrl('/auth/sessions/:id'), ({ params }) => {
        ended.push(String(params.id));
        sessions = sessions.filter((session) => session.id !== params.id);
        return HttpResponse.json({ message: 'Session signed out' });
      }),
      http.delete(apiUrl('/auth/sessions'), ({ request }) => {
        ended.push(`others=${new URL(request.url).searchParams.get('others')}`);
        sessions = sessions.filter((session) => session.current);
        return HttpResponse.json({ message: 'Your other sessions are signed out' });
      }),
    );
    return ended;
  }

  it('lists each browser with when it was last used, this one marked and without a sign-out of its own', async () => {
    mockSessions([here, phone]);
    renderWithProviders(<ProfileTab />, { user: sessionUser() });
    const list = await screen.findByRole('list', { name: 'Active sessions' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Chrome on Linux');
    expect(within(items[0]).getByText('This browser')).toBeInTheDocument();
    expect(within(items[0]).queryByRole('button')).not.toBeInTheDocument();
    expect(items[1]).toHaveTextContent(/Safari on iOS.*Last used 4 Jan 2026/);
  });

  it('signs out one other browser, which leaves the list', async () => {
    const ended = mockSessions([here, phone, tablet]);
    const { user } = renderWithProviders(<ProfileTab />, { user: sessionUser() });
    await user.click(await screen.findByRole('button', { name: /^Sign out Safari on iOS/ }));
    await waitFor(() => expect(screen.queryByText('Safari on iOS')).not.toBeInTheDocument());
    expect(ended).toEqual([phone.id]);
    expect(screen.getByText('Firefox on Android')).toBeInTheDocument();
  });

  it('signs out every other browser at once; the button goes when none is left', async () => {
    const ended = mockSessions([here, phone, tablet]);
    const { user } = renderWithProviders(<ProfileTab />, { user: sessionUser() });
    await user.click(await screen.findByRole('button', { name: 'Sign Out All Other Sessions' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Active sessions' })).getAllByRole('listitem')).toHaveLength(1));
    expect(ended).toEqual(['others=true']);
    expect(screen.queryByRole('button', { name: 'Sign Out All Other Sessions' })).not.toBeInTheDocument();
  });
});

describe('Profile: email address', () => {
  const offered = (pending: EmailChangeStatus['pending'] = null) =>
    http.get(apiUrl('/auth/email-change'), () => HttpResponse.json({ available: true, pending } satisfies EmailChangeStatus));
  const fieldOf = (label: string) => within(section('Change Email Address')).getByLabelText(label);

  it('is not offered when the server cannot send email', async () => {
    const { store } = renderWithProviders(<ProfileTab />, { user: sessionUser() });
    const answered = () => accountApi.endpoints.getEmailChange.select()(store.getState()).isSuccess;
    await waitFor(() => expect(answered()).toBe(true));
    expect(screen.queryByRole('region', { name: 'Change Email Address' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('New Email Address')).not.toBeInTheDocument();
  });

  it('checks the new address and asks for the current password before sending anything', async () => {
    server.use(offered());
    const { user } = renderWithProviders(<ProfileTab />, { user: sessionUser() });
    await user.type(await screen.findByLabelText('New Email Address'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send Confirmation Link' }));
    await waitFor(() => expect(fieldOf('New Email Address')).toHaveAccessibleDescription('Please enter a valid email address'));
    expect(fieldOf('Current Password')).toHaveAccessibleDescription('Current password is required');
  });

  it('sends the new address with the current password, says where the link went and shows the change as pending', async () => {
    const sent: EmailChangeRequest[] = [];
    let pending: EmailChangeStatus['pending'] = null;
    const message = 'A confirmation link is on its way to amira.new@example.com. Your address changes when you open it, within 24 hours.';
    server.use(
      http.get(apiUrl('/auth/email-change'), () => HttpResponse.json({ available: true, pending } satisfies EmailChangeStatus)),
      http.post(apiUrl('/auth/email-change'), async ({ request }) => {
        sent.push((await request.json()) as EmailChangeRequest);
        pending = { newEmail: 'amira.new@example.com', expiresAt: '2026-01-06T09:00:00.000Z' };
        return HttpResponse.json({ message }, { status: 202 });
      }),
      http.get(apiUrl('/auth/verify'), () => HttpResponse.json({ user: sessionUser() })),
    );
    const { user } = renderWithProviders(<ProfileTab />, { user: sessionUser() });
    await user.type(await screen.findByLabelText('New Email Address'), '  amira.new@example.com ');
    await user.type(fieldOf('Current Password'), 'Old1Password');
    await user.click(screen.getByRole('button', { name: 'Send Confirmation Link' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(sent).toEqual([{ newEmail: 'amira.new@example.com', currentPassword: 'Old1Password' }]);
    expect(await within(section('Change Email Address')).findByText(/Waiting for you to open the link sent to/)).toHaveTextContent(
      'amira.new@example.com',
    );
    expect(fieldOf('Current Password')).toHaveValue('');
    // The address shown stays the current one until the link is opened.
    expect(within(section('Personal Information')).getByText(sessionUser().email)).toBeInTheDocument();
  });

  it('cancels a pending change', async () => {
    let pending: EmailChangeStatus['pending'] = { newEmail: 'amira.new@example.com', expiresAt: '2026-01-06T09:00:00.000Z' };
    server.use(
      http.get(apiUrl('/auth/email-change'), () => HttpResponse.json({ available: true, pending } satisfies EmailChangeStatus)),
      http.delete(apiUrl('/auth/email-change'), () => {
        pending = null;
        return HttpResponse.json({ message: 'The email address change was cancelled. Its link no longer works.' });
      }),
      http.get(apiUrl('/auth/verify'), () => HttpResponse.json({ user: sessionUser() })),
    );
    const { user } = renderWithProviders(<ProfileTab />, { user: sessionUser() });
    await user.click(await screen.findByRole('button', { name: 'Cancel Change' }));
    expect(await screen.findByText('The email address change was cancelled. Its link no longer works.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/Waiting for you to open the link/)).not.toBeInTheDocument());
  });

  it("shows the server's answer to a wrong current password and keeps the new address", async () => {
    server.use(
      offered(),
      http.post(apiUrl('/auth/email-change'), () => HttpResponse.json({ error: 'Current password is incorrect' }, { status: 400 })),
    );
    const { user } = renderWithProviders(<ProfileTab />, { user: sessionUser() });
    await user.type(await screen.findByLabelText('New Email Address'), 'amira.new@example.com');
    await user.type(fieldOf('Current Password'), 'Wrong1Password');
    await user.click(screen.getByRole('button', { name: 'Send Confirmation Link' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(fieldOf('New Email Address')).toHaveValue('amira.new@example.com');
  });
});
