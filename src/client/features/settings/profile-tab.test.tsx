import { screen, within } from '@testing-library/react';
import type { SessionUser } from '@shared/api/auth';
import { sessionUser } from '@client/testing/fixtures';
import { renderWithProviders } from '@client/testing/test-utils';
import ProfileTab from './profile-tab';

function renderProfile(user: SessionUser | null) {
  return renderWithProviders(<ProfileTab />, { user });
}

const section = (name: string) => screen.getByRole('region', { name });

describe('Profile tab', () => {
  it('shows the personal information and the organization with a coloured role badge', () => {
    const user = sessionUser({ name: 'Amira Haddad', email: 'amira@example.com', roleName: 'Manager' });
    user.organization!.role.description = 'Runs the team';
    renderProfile(user);
    const personal = section('Personal Information');
    expect(within(personal).getByText('Amira Haddad')).toBeInTheDocument();
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
