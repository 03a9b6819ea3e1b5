/** @jest-environment node */
import { addMember, addMemberWith, roleIdByName } from '../../testing/fixtures';
import { appWithAdminForFile, signUpAdmin } from '../../testing/test-app';

const suite = appWithAdminForFile();

describe('GET /api/automation/agents', () => {
  it("lists every member of the organization by name, with only their id, name and e-mail", async () => {
    const agentRole = await roleIdByName(suite.t, suite.organizationId, 'Agent');
    const zara = await addMember(suite.t, suite.organizationId, agentRole, { name: 'Zara Khan' });
    const bilal = await addMember(suite.t, suite.organizationId, agentRole, { name: 'Bilal Ahmed' });
    await signUpAdmin(suite.t.app, { name: 'Other Owner', organizationName: 'Another Shop' });

    const response = await suite.admin.request({ method: 'GET', url: '/api/automation/agents' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      agents: [
        { id: suite.admin.user.userId, name: 'Ada Admin', email: suite.admin.email },
        { id: bilal.user.userId, name: 'Bilal Ahmed', email: bilal.email },
        { id: zara.user.userId, name: 'Zara Khan', email: zara.email },
      ],
    });
  });

  it("gives the e-mail addresses only to a member who may see the team (members:view)", async () => {
    const assigner = await addMemberWith(suite.t, suite.organizationId, ['chats:view', 'chats:assign']);
    const agents = (await assigner.request({ method: 'GET', url: '/api/automation/agents' })).json().agents;
    expect(agents.length).toBeGreaterThan(1);
    expect(agents.filter((agent: { email?: string }) => 'email' in agent)).toEqual([]);
    expect(agents).toContainEqual({ id: suite.admin.user.userId, name: 'Ada Admin' });

    const teamViewer = await addMemberWith(suite.t, suite.organizationId, ['chats:assign', 'members:view']);
    expect((await teamViewer.request({ method: 'GET', url: '/api/automation/agents' })).json().agents)
      .toContainEqual({ id: suite.admin.user.userId, name: 'Ada Admin', email: suite.admin.email });
  });

  it('is open to members who assign chats, see automation or create broadcasts', async () => {
    for (const permission of ['chats:assign', 'automation:view', 'broadcasts:create'] as const) {
      const member = await addMemberWith(suite.t, suite.organizationId, [permission]);
      expect({ permission, status: (await member.request({ method: 'GET', url: '/api/automation/agents' })).statusCode }).toEqual({ permission, status: 200 });
    }
    const agent = await addMemberWith(suite.t, suite.organizationId, ['chats:view', 'chats:respond', 'messages:view', 'messages:send']);
    expect((await agent.request({ method: 'GET', url: '/api/automation/agents' })).statusCode).toBe(403);
  });
});
