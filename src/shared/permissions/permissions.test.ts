import { ALL_PERMISSIONS, isPermission, permissionsByCategory, PERMISSIONS } from './catalogue';
import { ROLE_TEMPLATES } from './role-templates';
import { ADMIN_ROLE_NAME, SYSTEM_ROLES } from './system-roles';

test('the five built-in role templates keep their fixed permission counts', () => {
  expect(ROLE_TEMPLATES.map((t) => [t.name, t.permissions.length])).toEqual([
    ['Chat Agent', 7],
    ['Senior Agent', 13],
    ['Team Supervisor', 20],
    ['Quality Analyst', 7],
    ['Marketing Manager', 21],
  ]);
});

test('templates name only catalogue permissions, each once', () => {
  for (const template of ROLE_TEMPLATES) {
    expect(template.permissions.every(isPermission)).toBe(true);
    expect(new Set(template.permissions).size).toBe(template.permissions.length);
  }
});

test('the catalogue holds exactly the product permissions, plus member and role management', () => {
  const seen = [
    'chats:view', 'chats:view_all', 'chats:respond', 'chats:assign', 'chats:manage', 'messages:view', 'messages:send',
    'contacts:view', 'contacts:create', 'contacts:edit', 'contacts:delete', 'contacts:import', 'contacts:export', 'contacts:tag',
    'templates:view', 'templates:sync', 'broadcasts:view', 'broadcasts:create', 'broadcasts:edit', 'broadcasts:delete',
    'broadcasts:send', 'automation:view', 'automation:create', 'automation:edit', 'automation:delete', 'analytics:view',
    'analytics:view_advanced', 'analytics:export', 'members:view', 'settings:view', 'roles:view',
    'members:invite', 'members:edit_roles', 'members:remove', 'roles:create', 'roles:edit', 'roles:delete',
    'canned_responses:manage',
  ];
  expect([...ALL_PERMISSIONS].sort()).toEqual([...seen].sort());
  for (const permission of PERMISSIONS) expect(permission.id).toBe(permission.name);
});

test('grouping by category keeps every permission exactly once', () => {
  const grouped = Object.values(permissionsByCategory()).flat();
  expect(grouped.map((p) => p.name).sort()).toEqual([...ALL_PERMISSIONS].sort());
});

test('the system roles are Admin (everything), Manager, Team Lead and Agent', () => {
  expect(SYSTEM_ROLES.map((r) => r.name)).toEqual([ADMIN_ROLE_NAME, 'Manager', 'Team Lead', 'Agent']);
  expect(SYSTEM_ROLES[0].permissions).toEqual(ALL_PERMISSIONS);
  expect(SYSTEM_ROLES[1].permissions).not.toContain('roles:create');
  expect(SYSTEM_ROLES[3].permissions).toContain('chats:respond');
});

test('every system role that composes broadcasts may also send them', () => {
  for (const role of SYSTEM_ROLES.filter((r) => r.permissions.includes('broadcasts:create'))) {
    expect([role.name, role.permissions.includes('broadcasts:send')]).toEqual([role.name, true]);
  }
});

test('canned responses are managed by the Admin and Manager system roles, and by no role template', () => {
  const holders = SYSTEM_ROLES.filter((role) => role.permissions.includes('canned_responses:manage')).map((role) => role.name);
  expect(holders).toEqual([ADMIN_ROLE_NAME, 'Manager']);
  for (const template of ROLE_TEMPLATES) expect(template.permissions).not.toContain('canned_responses:manage');
});
