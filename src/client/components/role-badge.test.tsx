import { render, screen } from '@testing-library/react';
import { RoleBadge, roleBadgeColor } from './role-badge';

test.each([
  ['Admin', 'error'], ['ADMIN', 'error'], ['manager', 'info'], ['Team Lead', 'warning'], ['team lead', 'warning'],
  ['Agent', 'success'], ['Senior Support', 'default'], ['Admins', 'default'],
])('the %s badge is %s', (name, color) => {
  expect(roleBadgeColor(name)).toBe(color);
});

test('the badge shows the role name', () => {
  render(<RoleBadge name="Agent" />);
  expect(screen.getByText('Agent').closest('.MuiChip-root')).toHaveClass('MuiChip-colorSuccess');
});
