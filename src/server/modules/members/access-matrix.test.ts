/** @jest-environment node */
import type { InjectOptions } from 'fastify';
import { ALL_PERMISSIONS, type Permission } from '@shared/permissions/catalogue';
import { addMember, addMemberWith, createInvitation, createRole, roleIdByName } from '../../testing/fixtures';
import { createAppWithAdmin, signUpAdmin, uniqueEmail, type Member, type TestApp } from '../../testing/test-app';
import { memberIdOf } from './team-fixtures';

/**
 * The permission matrix of the Members and Roles API: every endpoint answers 401 without a session, 403
 * to a member whose role lacks its permission (holding every other one), and 404 to a member of another
 * organization naming this organization's records, so no role reaches past its permissions or its
 * organization.
 */

interface OrgRecords {
  agentRoleId: string;
  customRoleId: string;
  memberId: string;
  invitationId: string;
}

interface Endpoint {
  name: string;
  /** Any one of these lets the caller in. */
  needs: Permission[];
  request(records: OrgRecords): InjectOptions;
  /** Names records of the organization in its URL or body (a foreign caller must get 404). */
  namesRecords: boolean;
}

const rolePayload = { name: 'Matrix Role', description: 'Made by the matrix', permissions: ['chats:view'] };

const ENDPOINTS: Endpoint[] = [
  { name: 'GET /members', needs: ['members:view'], namesRecords: false, request: () => ({ method: 'GET', url: '/api/members' }) },
  {
    name: 'GET /members/invitations', needs: ['members:view'], namesRecords: false,
    request: () => ({ method: 'GET', url: '/api/members/invitations' }),
  },
  {
    name: 'GET /members/assignable-roles', needs: ['members:invite', 'members:edit_roles'], namesRecords: false,
    request: () => ({ method: 'GET', url: '/api/members/assignable-roles' }),
  },
  {
    name: 'POST /members/invite', needs: ['members:invite'], namesRecords: true,
    request: (r) => ({ method: 'POST', url: '/api/members/invite', payload: { email: uniqueEmail('matrix'), roleId: r.agentRoleId } }),
  },
  {
    name: 'POST /members/invitations/:id/resend', needs: ['members:invite'], namesRecords: true,
    request: (r) => ({ method: 'POST', url: `/api/members/invitations/${r.invitationId}/resend` }),
  },
  {
    name: 'PUT /members/:id/role', needs: ['members:edit_roles'], namesRecords: true,
    request: (r) => ({ method: 'PUT', url: `/api/members/${r.memberId}/role`, payload: { roleId: r.customRoleId } }),
  },
  {
    name: 'DELETE /members/:id', needs: ['members:remove'], namesRecords: true,
    request: (r) => ({ method: 'DELETE', url: `/api/members/${r.memberId}` }),
  },
  { name: 'GET /roles', needs: ['roles:view'], namesRecords: false, request: () => ({ method: 'GET', url: '/api/roles' }) },
  {
    name: 'GET /roles/permissions', needs: ['roles:view'], namesRecords: false,
    request: () => ({ method: 'GET', url: '/api/roles/permissions' }),
  },
  {
    name: 'POST /roles', needs: ['roles:create'], namesRecords: false,
    request: () => ({ method: 'POST', url: '/api/roles', payload: rolePayload }),
  },
  {
    name: 'PUT /roles/:id', needs: ['roles:edit'], namesRecords: true,
    request: (r) => ({ method: 'PUT', url: `/api/roles/${r.customRoleId}`, payload: rolePayload }),
  },
  {
    name: 'DELETE /roles/:id', needs: ['roles:delete'], namesRecords: true,
    request: (r) => ({ method: 'DELETE', url: `/api/roles/${r.customRoleId}` }),
  },
];

let t: TestApp;
let adminA: Member;
let adminB: Member;
let recordsA: OrgRecords;
let recordsB: OrgRecords;

async function seedOrganization(admin: Member): Promise<OrgRecords> {
  const organizationId = admin.user.organization!.organizationId;
  const agentRoleId = await roleIdByName(t, organizationId, 'Agent');
  const customRoleId = await createRole(t, organizationId, ['chats:view', 'contacts:view'], 'Matrix Custom');
  const agent = await addMember(t, organizationId, agentRoleId);
  await createInvitation(t, { organizationId, roleId: agentRoleId, email: uniqueEmail('pending') });
  const invitations = await admin.request({ method: 'GET', url: '/api/members/invitations' });
  return {
    agentRoleId,
    customRoleId,
    memberId: await memberIdOf(admin, agent.user.userId),
    invitationId: invitations.json().invitations[0].id,
  };
}

/** Organization A as the API shows it: a matrix call that changed anything would change this. */
async function snapshotA() {
  const [members, roles, invitations] = await Promise.all(
    ['/api/members', '/api/roles', '/api/members/invitations'].map((url) => adminA.request({ method: 'GET', url })),
  );
  return { members: members.json(), roles: roles.json(), invitations: invitations.json() };
}

let before: Awaited<ReturnType<typeof snapshotA>>;
/** Per endpoint, a member of A holding every permission but the ones that endpoint needs. */
const lacking = new Map<string, Member>();

beforeAll(async () => {
  ({ t, admin: adminA } = await createAppWithAdmin());
  adminB = await signUpAdmin(t.app, { organizationName: 'Org B' });
  recordsA = await seedOrganization(adminA);
  recordsB = await seedOrganization(adminB);
  for (const endpoint of ENDPOINTS) {
    const permissions = ALL_PERMISSIONS.filter((permission) => !endpoint.needs.includes(permission));
    lacking.set(endpoint.name, await addMemberWith(t, adminA.user.organization!.organizationId, permissions));
  }
  before = await snapshotA();
});
afterAll(() => t.close());

describe.each(ENDPOINTS)('$name', (endpoint) => {
  test('answers 401 without a session', async () => {
    const response = await t.app.inject(endpoint.request(recordsA));
    expect(response.statusCode).toBe(401);
  });

  test(`answers 403 to a role without ${endpoint.needs.join(' or ')}`, async () => {
    const response = await lacking.get(endpoint.name)!.request(endpoint.request(recordsA));
    expect(response.statusCode).toBe(403);
  });

  if (endpoint.namesRecords) {
    test("answers 404 to another organization's admin naming this organization's records", async () => {
      const response = await adminB.request(endpoint.request(recordsA));
      expect(response.statusCode).toBe(404);
    });
  } else {
    test("never shows another organization's records", async () => {
      const response = await adminB.request(endpoint.request(recordsA));
      expect(response.statusCode).toBeLessThan(400);
      const body = response.body;
      for (const id of Object.values(recordsA)) expect(body).not.toContain(id);
      expect(body).not.toContain(adminA.email);
    });
  }
});

test("a foreign role cannot be given to one's own member", async () => {
  const response = await adminB.request({
    method: 'PUT', url: `/api/members/${recordsB.memberId}/role`, payload: { roleId: recordsA.customRoleId },
  });
  expect(response.statusCode).toBe(404);
});

test('nothing the matrix tried changed organization A', async () => {
  expect(await snapshotA()).toEqual(before);
});
