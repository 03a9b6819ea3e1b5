import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { SessionUser } from '@shared/api/auth';
import type { MemberPreferences } from '@shared/api/member-preferences';
import { fakeAlerts, type FakeAlerts } from '@client/testing/fake-alerts';
import { sessionUser } from '@client/testing/fixtures';
import { apiUrl } from '@client/testing/msw/api-url';
import { server } from '@client/testing/msw/server';
import { renderWithProviders } from '@client/testing/test-utils';
import ProfileTab from './profile-tab';

function renderProfile(user: SessionUser | null, alerts: FakeAlerts = fakeAlerts()) {
  return renderWithProviders(<ProfileTab />, { user, alerts });
}

const section = (name: string) => screen.getByRole('region', { name });

describe('Profile tab', () => {
  it('shows the personal information and the organization with a coloured role badge', () => {
    const user = sessionUser({ name: 'Amira Haddad', email: 'amira@example.com', roleName: 'Manager' });
    user.organization!.role.description = 'Runs the team';
    renderProfile(user);
    const personal = section('Personal Information');
    expect(within(personal).getByRole('textbox', { name: 'Full Name' })).toHaveValue('Amira Haddad');
    expect(within(personal).getByText('amira@example.com')).toBeInTheDocument();
    const organization = section('Organization Details');
    expect(within(organization).getByText('Oasis Spices')).toBeInTheDocument();
    expect(within(organization).getByText('Manager').closest('.MuiChip-root')).toHaveClass('MuiChip-colorInfo');
    expect(within(organization).getByText('Runs the team')).toBeInTheDocument();
  });

  it('leaves out the organization for a user without one', () => {
    renderProfile({ ...sessionUser(), organization: null });
    expect(screen.queryByRole('region', { name: 'Organization Details' })).not.toBeInTheDocument();
  });

  it('says "No role assigned" / "Unknown" without a role', () => {
    const user = sessionUser({ roleName: '' });
    renderProfile(user);
    const organization = section('Organization Details');
    expect(within(organization).getByText('Unknown')).toBeInTheDocument();
    expect(within(organization).getByText('No role assigned')).toBeInTheDocument();
  });

  it('says "No user data available" without a user', () => {
    renderProfile(null);
    expect(screen.getByText('No user data available')).toBeInTheDocument();
  });
});

describe('Profile tab notifications', () => {
  /** The member's stored switches, and every change the tab sends. */
  function mockPreferences(stored: MemberPreferences = { sound: true, desktopNotifications: false }, fail = false) {
    const changes: unknown[] = [];
    server.use(
      http.get(apiUrl('/me/preferences'), () => HttpResponse.json(stored)),
      http.patch(apiUrl('/me/preferences'), async ({ request }) => {
        const change = (await request.json()) as Partial<MemberPreferences>;
        changes.push(change);
        if (fail) return HttpResponse.json({ error: 'Database unavailable' }, { status: 503 });
        Object.assign(stored, change);
        return HttpResponse.json(stored);
      }),
    );
    return changes;
  }

  const soundSwitch = () => screen.findByRole('switch', { name: 'Sound for new messages' });
  const desktopSwitch = () => screen.findByRole('switch', { name: 'Desktop notifications' });

  it('shows the sound on and notifications off for a member who never changed them, and turns the sound off', async () => {
    const changes = mockPreferences();
    const { user } = renderProfile(sessionUser());
    expect(await soundSwitch()).toBeChecked();
    expect(await desktopSwitch()).not.toBeChecked();
    await user.click(await soundSwitch());
    expect(await soundSwitch()).not.toBeChecked();
    expect(changes).toEqual([{ sound: false }]);
  });

  it('asks the browser from the click that turns notifications on, and saves them only once it allows them', async () => {
    const changes = mockPreferences();
    const alerts = fakeAlerts({ access: 'default', answer: 'granted' });
    const { user } = renderProfile(sessionUser(), alerts);
    expect(alerts.requestNotificationAccess).not.toHaveBeenCalled();
    await user.click(await desktopSwitch());
    expect(alerts.requestNotificationAccess).toHaveBeenCalledTimes(1);
    expect(await desktopSwitch()).toBeChecked();
    expect(changes).toEqual([{ desktopNotifications: true }]);
  });

  it('keeps notifications off when the browser refuses, and says where to allow them', async () => {
    const changes = mockPreferences();
    const { user } = renderProfile(sessionUser(), fakeAlerts({ access: 'default', answer: 'denied' }));
    await user.click(await desktopSwitch());
    expect(await screen.findByText(/blocks Parley's notifications: allow them in the site settings/)).toBeInTheDocument();
    expect(await desktopSwitch()).not.toBeChecked();
    expect(await desktopSwitch()).toBeDisabled();
    expect(changes).toEqual([]);
  });

  it('offers to allow notifications in a browser that was never asked, when the member turned them on elsewhere', async () => {
    mockPreferences({ sound: true, desktopNotifications: true });
    const alerts = fakeAlerts({ access: 'default', answer: 'granted' });
    const { user } = renderProfile(sessionUser(), alerts);
    await user.click(await screen.findByRole('button', { name: 'Allow notifications in this browser' }));
    expect(alerts.requestNotificationAccess).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('button', { name: 'Allow notifications in this browser' })).not.toBeInTheDocument();
  });

  it('turns a switch back and says so when the change is not saved', async () => {
    mockPreferences(undefined, true);
    const { user } = renderProfile(sessionUser());
    await user.click(await soundSwitch());
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    expect(await soundSwitch()).toBeChecked();
  });

  it('cannot be turned on where the browser has no notifications', async () => {
    mockPreferences();
    renderProfile(sessionUser(), fakeAlerts({ access: 'unsupported' }));
    expect(await desktopSwitch()).toBeDisabled();
    expect(screen.getByText('This browser cannot show notifications.')).toBeInTheDocument();
  });
});
