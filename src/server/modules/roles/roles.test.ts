/** @jest-environment node */
import type { PermissionsResponse, RoleDto, RolesResponse } from '@shared/api/roles';
import { ALL_PERMISSIONS, PERMISSIONS } from '@shared/permissions/catalogue';
import { ROLE_TEMPLATES } from '@shared/permissions/role-templates';
import { addMember, addMemberWith, roleIdByName } from '../../testing/fixtures';
import { createAppWithAdmin, type Member, type TestApp } from '../../testing/test-app';

let t: TestApp;
let admin: Member;
let organizationId: string;

beforeAll(async () => {
  ({ t, admin } = await createAppWithAdmin());
  organizationId = admin.user.organization!.organizationId;
});
afterAll(() => t.close());

const chatAgent = ROLE_TEMPLATES.find((template) => template.id === 'chat-agent')!;

async function roles(member: Member = admin): Promise<RoleDto[]> {
  const response = await member.request({ method: 'GET', url: '/api/roles' });
  expect(response.statusCode).toBe(200);
  return response.json<RolesResponse>().roles;
}

function createRole(payload: object, member: Member = admin) {
  return member.request({ method: 'POST', url: '/api/roles', payload });
}

describe('GET /api/roles', () => {
  test('lists the four system roles first with member and permission counts from the database', async () => {
    const list = await roles();
    expect(list.slice(0, 4).map((r) => [r.name, r.isSystemRole])).toEqual([
      ['Admin', true], ['Manager', true], ['Team Lead', true], ['Agent', true],
    ]);
    const adminRole = list.find((r) => r.name === 'Admin')!;
    expect(adminRole.memberCount).toBe(1);
    expect(adminRole.permissions).toHaveLength(ALL_PERMISSIONS.length);
    expect(adminRole.permissions[0]).toEqual({ id: expect.any(String) });
    expect(list.find((r) => r.name === 'Agent')!.memberCount).toBe(0);
  });
});

describe('GET /api/roles/permissions', () => {
  test('groups the catalogue by category and gives the flat list', async () => {
    const response = await admin.request({ method: 'GET', url: '/api/roles/permissions' });
    const body = response.json<PermissionsResponse>();
    expect(body.allPermissions).toHaveLength(PERMISSIONS.length);
    expect(body.allPermissions[0]).toEqual({ id: 'chats:view', name: 'chats:view', description: expect.any(String) });
    expect(Object.keys(body.permissions)).toContain('Members');
    expect(body.permissions.Roles.map((p) => p.id)).toEqual(['roles:view', 'roles:create', 'roles:edit', 'roles:delete']);
    const grouped = Object.values(body.permissions).flat().length;
    expect(grouped).toBe(PERMISSIONS.length);
  });
});

describe('POST /api/roles', () => {
  test('creates a custom role from a template and lists it', async () => {
    const response = await createRole({ name: 'Chat Desk', description: chatAgent.description, permissions: chatAgent.permissions });
    expect(response.statusCode).toBe(201);
    expect(response.json().message).toBe('Role created successfully');
    const role = response.json().role as RoleDto;
    expect(role).toMatchObject({ name: 'Chat Desk', isSystemRole: false, memberCount: 0 });
    expect(role.permissions.map((p) => p.id).sort()).toEqual([...chatAgent.permissions].sort());
    expect((await roles()).map((r) => r.name)).toContain('Chat Desk');
  });

  test('reports every missing item in one message', async () => {
    const response = await createRole({ name: ' ', description: '', permissions: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('Please fill in: Role Name, Description, at least one Permission');
    const partial = await createRole({ name: 'Half', description: 'x', permissions: [] });
    expect(partial.json().error).toBe('Please fill in: at least one Permission');
  });

  test('refuses unknown permissions and over-long names without storing anything', async () => {
    const before = (await roles()).length;
    const unknown = await createRole({ name: 'Odd', description: 'x', permissions: ['contacts:fly'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe('Unknown permission: contacts:fly');
    const long = await createRole({ name: 'x'.repeat(51), description: 'x', permissions: ['chats:view'] });
    expect(long.json().error).toBe('Role name must be at most 50 characters');
    const garbage = await admin.request({ method: 'POST', url: '/api/roles', payload: { name: 5, description: {}, permissions: 'chats:view' } });
    expect(garbage.statusCode).toBe(400);
    expect((await roles()).length).toBe(before);
  });

  test('refuses a name already taken, whatever its case, including a system role name', async () => {
    await createRole({ name: 'Night Shift', description: 'x', permissions: ['chats:view'] });
    const again = await createRole({ name: 'night shift', description: 'y', permissions: ['chats:view'] });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('A role with this name already exists');
    expect((await createRole({ name: 'ADMIN', description: 'y', permissions: ['chats:view'] })).statusCode).toBe(409);
  });

  test('nobody can create a role with a permission they do not hold', async () => {
    const creator = await addMemberWith(t, organizationId, ['roles:view', 'roles:create', 'chats:view']);
    const beyond = await createRole({ name: 'Escalator', description: 'x', permissions: ['chats:view', 'settings:view'] }, creator);
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json().error).toBe('You cannot grant permissions you do not hold');
    const within = await createRole({ name: 'Viewer Only', description: 'x', permissions: ['chats:view'] }, creator);
    expect(within.statusCode).toBe(201);
  });
});

describe('PUT /api/roles/:id', () => {
  test('updates name, description and permissions', async () => {
    const created = (await createRole({ name: 'Editable', description: 'before', permissions: ['chats:view'] })).json().role;
    const response = await admin.request({
      method: 'PUT',
      url: `/api/roles/${created.id}`,
      payload: { id: created.id, name: 'Edited', description: 'after', permissions: ['chats:view', 'contacts:view'] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Role updated successfully');
    const role = (await roles()).find((r) => r.id === created.id)!;
    expect(role).toMatchObject({ name: 'Edited', description: 'after' });
    expect(role.permissions.map((p) => p.id).sort()).toEqual(['chats:view', 'contacts:view']);
  });

  test('system roles cannot be edited', async () => {
    const agentRoleId = await roleIdByName(t, organizationId, 'Agent');
    const response = await admin.request({
      method: 'PUT',
      url: `/api/roles/${agentRoleId}`,
      payload: { name: 'Agent', description: 'hacked', permissions: ALL_PERMISSIONS },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('System roles cannot be changed or deleted');
    expect((await roles()).find((r) => r.id === agentRoleId)!.permissions).toHaveLength(7);
  });

  test('an editor may keep permissions they lack but not add them', async () => {
    const target = (await createRole({ name: 'Mixed', description: 'x', permissions: ['chats:view', 'settings:view'] })).json().role;
    const editor = await addMemberWith(t, organizationId, ['roles:view', 'roles:edit', 'chats:view', 'contacts:view']);
    const keep = await editor.request({
      method: 'PUT', url: `/api/roles/${target.id}`,
      payload: { name: 'Mixed', description: 'renamed', permissions: ['chats:view', 'settings:view', 'contacts:view'] },
    });
    expect(keep.statusCode).toBe(200);
    const add = await editor.request({
      method: 'PUT', url: `/api/roles/${target.id}`,
      payload: { name: 'Mixed', description: 'renamed', permissions: ['chats:view', 'settings:view', 'members:remove'] },
    });
    expect(add.statusCode).toBe(403);
    expect((await roles()).find((r) => r.id === target.id)!.permissions.map((p) => p.id)).not.toContain('members:remove');
  });

  test("nobody changes the rights of a role's members who hold rights the editor lacks", async () => {
    const roleId = (await createRole({ name: 'Settings Keepers', description: 'x', permissions: ['chats:view', 'settings:view'] })).json().role.id;
    await addMember(t, organizationId, roleId);
    const editor = await addMemberWith(t, organizationId, ['roles:view', 'roles:edit', 'chats:view', 'contacts:view']);
    const strip = await editor.request({
      method: 'PUT', url: `/api/roles/${roleId}`, payload: { name: 'Settings Keepers', description: 'x', permissions: ['chats:view'] },
    });
    expect(strip.statusCode).toBe(403);
    expect(strip.json().error).toBe('You cannot change a role held by members with permissions you do not have');
    expect((await roles()).find((r) => r.id === roleId)!.permissions.map((p) => p.id)).toEqual(['chats:view', 'settings:view']);
    // Someone holding every permission of the role may still change it.
    const peer = await addMemberWith(t, organizationId, ['roles:view', 'roles:edit', 'chats:view', 'settings:view']);
    const edit = await peer.request({
      method: 'PUT', url: `/api/roles/${roleId}`, payload: { name: 'Settings Keepers', description: 'x', permissions: ['chats:view'] },
    });
    expect(edit.statusCode).toBe(200);
  });

  test('an edit takes effect on the next request of the role\'s members', async () => {
    const roleId = (await createRole({ name: 'Shifting', description: 'x', permissions: ['chats:view', 'contacts:view'] })).json().role.id;
    const member = await addMember(t, organizationId, roleId);
    expect((await member.request({ method: 'GET', url: '/api/auth/verify' })).json().user.organization.permissions).toContain('contacts:view');
    await admin.request({ method: 'PUT', url: `/api/roles/${roleId}`, payload: { name: 'Shifting', description: 'x', permissions: ['chats:view'] } });
    const after = await member.request({ method: 'GET', url: '/api/auth/verify' });
    expect(after.json().user.organization.permissions).toEqual(['chats:view']);
  });

  test('an unknown or malformed id answers 404', async () => {
    const payload = { name: 'Ghost', description: 'x', permissions: ['chats:view'] };
    expect((await admin.request({ method: 'PUT', url: '/api/roles/not-a-uuid', payload })).statusCode).toBe(404);
    expect((await admin.request({ method: 'PUT', url: '/api/roles/0190b5a0-0000-7000-8000-000000000000', payload })).statusCode).toBe(404);
  });
});

describe('DELETE /api/roles/:id', () => {
  test('deletes a custom role without members', async () => {
    const roleId = (await createRole({ name: 'Temporary', description: 'x', permissions: ['chats:view'] })).json().role.id;
    const response = await admin.request({ method: 'DELETE', url: `/api/roles/${roleId}` });
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Role deleted successfully');
    expect((await roles()).map((r) => r.id)).not.toContain(roleId);
  });

  test('a role with members cannot be deleted', async () => {
    const roleId = (await createRole({ name: 'Staffed', description: 'x', permissions: ['chats:view'] })).json().role.id;
    await addMember(t, organizationId, roleId);
    await addMember(t, organizationId, roleId);
    const response = await admin.request({ method: 'DELETE', url: `/api/roles/${roleId}` });
    expect(response.statusCode).toBe(409);
    expect(response.json().error).toBe('This role has 2 member(s). Reassign them first.');
    expect((await roles()).find((r) => r.id === roleId)!.memberCount).toBe(2);
  });

  test("nobody deletes a role whose members hold permissions the deleter lacks", async () => {
    const roleId = (await createRole({ name: 'Settings Only', description: 'x', permissions: ['settings:view'] })).json().role.id;
    await addMember(t, organizationId, roleId);
    const deleter = await addMemberWith(t, organizationId, ['roles:view', 'roles:delete', 'chats:view']);
    const response = await deleter.request({ method: 'DELETE', url: `/api/roles/${roleId}` });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('You cannot change a role held by members with permissions you do not have');
    expect((await roles()).map((r) => r.id)).toContain(roleId);
  });

  test('deleting a role withdraws its pending invitations', async () => {
    const roleId = (await createRole({ name: 'Invited Only', description: 'x', permissions: ['chats:view'] })).json().role.id;
    const invited = await admin.request({ method: 'POST', url: '/api/members/invite', payload: { email: 'later@example.com', roleId } });
    expect(invited.statusCode).toBe(201);
    expect((await admin.request({ method: 'DELETE', url: `/api/roles/${roleId}` })).statusCode).toBe(200);
    const lookup = await t.app.inject({ method: 'GET', url: `/api/auth/invitation/${invited.json().token}` });
    expect(lookup.statusCode).toBe(404);
  });

  test('system roles cannot be deleted', async () => {
    const managerRoleId = await roleIdByName(t, organizationId, 'Manager');
    const response = await admin.request({ method: 'DELETE', url: `/api/roles/${managerRoleId}` });
    expect(response.statusCode).toBe(403);
    expect((await roles()).map((r) => r.id)).toContain(managerRoleId);
  });
});
