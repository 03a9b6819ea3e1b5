/** @jest-environment node */
import type { AssignableRolesResponse, MembersResponse, TeamMember } from '@shared/api/members';
import { ALL_PERMISSIONS } from '@shared/permissions/catalogue';
import { ROLE_TEMPLATES } from '@shared/permissions/role-templates';
import { addMember, addMemberWith, createRole, roleIdByName } from '../../testing/fixtures';
import { createAppWithAdmin, signIn, signUpAdmin, type Member, type TestApp } from '../../testing/test-app';
import { joinAs, memberIdOf } from './team-fixtures';

const CHAT_AGENT = ROLE_TEMPLATES.find((template) => template.id === 'chat-agent')!.permissions;

let t: TestApp;
let admin: Member;
let organizationId: string;
let roleIds: Record<'Admin' | 'Manager' | 'Team Lead' | 'Agent', string>;

beforeAll(async () => {
  ({ t, admin } = await createAppWithAdmin());
  organizationId = admin.user.organization!.organizationId;
  roleIds = {
    Admin: await roleIdByName(t, organizationId, 'Admin'),
    Manager: await roleIdByName(t, organizationId, 'Manager'),
    'Team Lead': await roleIdByName(t, organizationId, 'Team Lead'),
    Agent: await roleIdByName(t, organizationId, 'Agent'),
  };
});
afterAll(() => t.close());

async function members(viewer: Member = admin, query = ''): Promise<MembersResponse> {
  const response = await viewer.request({ method: 'GET', url: `/api/members${query}` });
  expect(response.statusCode).toBe(200);
  return response.json<MembersResponse>();
}

const changeRole = (caller: Member, memberId: string, roleId: string) =>
  caller.request({ method: 'PUT', url: `/api/members/${memberId}/role`, payload: { roleId } });
const remove = (caller: Member, memberId: string) => caller.request({ method: 'DELETE', url: `/api/members/${memberId}` });
const verify = (member: Member) => member.request({ method: 'GET', url: '/api/auth/verify' });

describe('GET /api/members', () => {
  test('lists members with their role and join date, and the total', async () => {
    const agent = await joinAs(t.app, admin, roleIds.Agent, 'Omar Agent');
    const body = await members();
    const row = body.members.find((m) => m.userId === agent.user.userId)!;
    expect(row).toEqual({
      id: expect.any(String),
      userId: agent.user.userId,
      name: 'Omar Agent',
      email: agent.email,
      role: { id: roleIds.Agent, name: 'Agent' },
      joinedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(body.members[0].name).toBe('Ada Admin');
    expect(body.total).toBe(body.members.length);
  });

  test('pages by page and limit while the total counts everyone', async () => {
    const all = await members();
    const second = await members(admin, '?page=2&limit=1');
    expect(second.total).toBe(all.total);
    expect(second.members).toEqual([all.members[1]]);
    expect((await admin.request({ method: 'GET', url: '/api/members?limit=abc' })).statusCode).toBe(400);
  });
});

describe('PUT /api/members/:id/role', () => {
  test("takes effect on the member's very next request", async () => {
    const agent = await joinAs(t.app, admin, roleIds.Agent, 'Rita Agent');
    expect((await verify(agent)).json().user.organization.permissions).not.toContain('members:view');
    const response = await changeRole(admin, await memberIdOf(admin, agent.user.userId), roleIds['Team Lead']);
    expect(response.statusCode).toBe(200);
    expect((response.json().member as TeamMember).role).toEqual({ id: roleIds['Team Lead'], name: 'Team Lead' });
    const after = (await verify(agent)).json().user.organization;
    expect(after.role.name).toBe('Team Lead');
    expect(after.permissions).toContain('members:view');
    expect((await agent.request({ method: 'GET', url: '/api/members' })).statusCode).toBe(200);
  });

  test('requires a role, and the role must be one of the organization', async () => {
    const agent = await addMember(t, organizationId, roleIds.Agent);
    const memberId = await memberIdOf(admin, agent.user.userId);
    const missing = await admin.request({ method: 'PUT', url: `/api/members/${memberId}/role`, payload: {} });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error).toBe('Role is required');
    const other = await signUpAdmin(t.app, { organizationName: 'Elsewhere' });
    const foreignRole = await roleIdByName(t, other.user.organization!.organizationId, 'Admin');
    expect((await changeRole(admin, memberId, foreignRole)).statusCode).toBe(404);
    expect((await changeRole(admin, memberId, 'nonsense')).statusCode).toBe(404);
    expect((await verify(agent)).json().user.organization.role.name).toBe('Agent');
  });

  test('nobody changes their own role', async () => {
    const response = await changeRole(admin, await memberIdOf(admin, admin.user.userId), roleIds.Agent);
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toBe('You cannot change your own role');
  });

  test('nobody gives a role with permissions beyond their own, nor changes someone more powerful', async () => {
    const supervisor = await addMemberWith(t, organizationId, ['members:view', 'members:edit_roles', ...CHAT_AGENT]);
    const agent = await addMember(t, organizationId, roleIds.Agent);
    const agentId = await memberIdOf(admin, agent.user.userId);
    const promote = await changeRole(supervisor, agentId, roleIds.Manager);
    expect(promote.statusCode).toBe(403);
    expect(promote.json().error).toBe('You cannot grant permissions you do not hold');

    const demoteAdmin = await changeRole(supervisor, await memberIdOf(admin, admin.user.userId), roleIds.Agent);
    expect(demoteAdmin.statusCode).toBe(403);
    expect(demoteAdmin.json().error).toBe('You cannot change a member who holds permissions you do not have');
    expect((await verify(admin)).json().user.organization.role.name).toBe('Admin');

    const narrower = await createRole(t, organizationId, ['chats:view'], 'Readers');
    expect((await changeRole(supervisor, agentId, narrower)).statusCode).toBe(200);
  });

  test('the organization always keeps a member with the Admin role', async () => {
    const founder = await signUpAdmin(t.app, { organizationName: 'Solo' });
    const org = founder.user.organization!.organizationId;
    // A custom role with every permission may manage Admins, but not take the last one away.
    const deputy = await addMember(t, org, await createRole(t, org, ALL_PERMISSIONS, 'Deputy'));
    const founderId = await memberIdOf(deputy, founder.user.userId);
    const agentRole = await roleIdByName(t, org, 'Agent');
    const demote = await changeRole(deputy, founderId, agentRole);
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error).toBe('The organization must keep at least one member with the Admin role');
    expect((await remove(deputy, founderId)).statusCode).toBe(409);

    const second = await addMember(t, org, await roleIdByName(t, org, 'Admin'));
    expect((await changeRole(deputy, founderId, agentRole)).statusCode).toBe(200);
    expect((await changeRole(deputy, await memberIdOf(deputy, second.user.userId), agentRole)).statusCode).toBe(409);
  });
});

describe('GET /api/members/assignable-roles', () => {
  test('offers an inviter only roles within their own permissions, by name', async () => {
    const inviter = await addMemberWith(t, organizationId, ['members:invite', ...CHAT_AGENT]);
    const response = await inviter.request({ method: 'GET', url: '/api/members/assignable-roles' });
    expect(response.statusCode).toBe(200);
    const names = response.json<AssignableRolesResponse>().roles.map((r) => r.name);
    expect(names).toContain('Agent');
    expect(names).not.toContain('Admin');
    expect(names).not.toContain('Manager');
    expect(response.json<AssignableRolesResponse>().roles[0]).toEqual({ id: expect.any(String), name: expect.any(String) });

    const adminView = await admin.request({ method: 'GET', url: '/api/members/assignable-roles' });
    expect(adminView.json<AssignableRolesResponse>().roles.map((r) => r.name)).toEqual(
      expect.arrayContaining(['Admin', 'Manager', 'Team Lead', 'Agent']),
    );
  });
});

describe('DELETE /api/members/:id', () => {
  test('removes the member and ends their sessions at once', async () => {
    const agent = await joinAs(t.app, admin, roleIds.Agent, 'Leaving Soon');
    const otherSession = await signIn(t.app, agent.email);
    expect((await verify(agent)).statusCode).toBe(200);

    const response = await remove(admin, await memberIdOf(admin, agent.user.userId));
    expect(response.statusCode).toBe(200);
    expect((await verify(agent)).statusCode).toBe(401);
    expect((await otherSession.request({ method: 'GET', url: '/api/analytics' })).statusCode).toBe(401);
    expect((await members()).members.map((m) => m.userId)).not.toContain(agent.user.userId);
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: agent.email, password: agent.password } });
    expect(login.statusCode).toBe(403);
    expect(login.json().error).toBe('You are no longer a member of an organization. Ask an admin to invite you again.');
  });

  test('a removed person can be invited again with the same e-mail', async () => {
    const agent = await joinAs(t.app, admin, roleIds.Agent, 'Coming Back');
    await remove(admin, await memberIdOf(admin, agent.user.userId));
    const again = await admin.request({ method: 'POST', url: '/api/members/invite', payload: { email: agent.email, roleId: roleIds.Agent } });
    expect(again.statusCode).toBe(201);
  });

  test('nobody removes themselves or someone more powerful', async () => {
    const self = await remove(admin, await memberIdOf(admin, admin.user.userId));
    expect(self.statusCode).toBe(403);
    expect(self.json().error).toBe('You cannot remove yourself from the organization');

    const remover = await addMemberWith(t, organizationId, ['members:view', 'members:remove', 'chats:view']);
    expect((await remove(remover, await memberIdOf(admin, admin.user.userId))).statusCode).toBe(403);
    expect((await verify(admin)).statusCode).toBe(200);
  });

  test('an unknown or malformed id answers 404', async () => {
    expect((await remove(admin, 'abc')).statusCode).toBe(404);
    expect((await remove(admin, '0190b5a0-0000-7000-8000-000000000000')).statusCode).toBe(404);
  });
});
