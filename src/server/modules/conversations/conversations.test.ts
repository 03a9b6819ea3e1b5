/** @jest-environment node */
import type { Conversation, ConversationPage } from '@shared/api/conversations';
import { addMemberWith, userIdByEmail } from '../../testing/fixtures';
import { appWithAdminForFile, signUpAdmin, type Member } from '../../testing/test-app';
import { memberIdOf } from '../members/team-fixtures';
import { customerNumber, customerWrites } from './inbox-test-fixtures';

const suite = appWithAdminForFile();

const db = () => suite.t.database.db;
const MINUTE = 60_000;

async function list(member: Member, query = ''): Promise<ConversationPage> {
  const response = await member.request({ method: 'GET', url: `/api/conversations${query}` });
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function conversation(member: Member, id: string): Promise<Conversation> {
  const response = await member.request({ method: 'GET', url: `/api/conversations/${id}` });
  expect(response.statusCode).toBe(200);
  return response.json().conversation;
}

function patch(member: Member, id: string, action: string, payload?: Record<string, unknown>) {
  return member.request({ method: 'PATCH', url: `/api/conversations/${id}/${action}`, ...(payload === undefined ? {} : { payload }) });
}

describe('the conversation list', () => {
  it('pages newest activity first (15 a page) with the contact, the last message and the window', async () => {
    const owner = await signUpAdmin(suite.t.app, { organizationName: 'Paging Perfumes' });
    const org = owner.user.organization!.organizationId;
    const base = Date.now() - 60 * MINUTE;
    const written = [];
    for (let i = 0; i < 17; i += 1) {
      const customer = { waId: `9715510000${String(10 + i)}`, name: `Customer ${String.fromCharCode(65 + i)}` };
      written.push(await customerWrites(db(), org, customer, `Message ${i}`, { at: new Date(base + i * MINUTE) }));
    }
    const first = await list(owner);
    expect(first.data).toHaveLength(15);
    expect(first.pagination).toMatchObject({ page: 1, limit: 15, total: 17, totalPages: 2, hasNext: true });
    expect(first.data.map((c) => c.id)).toEqual(written.slice(2).reverse().map((w) => w.conversationId));
    const second = await list(owner, '?page=2');
    expect(second.data.map((c) => c.id)).toEqual([written[1].conversationId, written[0].conversationId]);
    expect(second.pagination.hasNext).toBe(false);

    const newest = first.data[0];
    expect(newest).toMatchObject({
      status: 'open',
      assignedTo: null,
      assignedToId: null,
      unreadCount: 1,
      contact: { name: 'Customer Q', countryCode: '+971', phoneNumber: '551000026', tags: [], deletedAt: null },
      lastMessage: { content: 'Message 16', direction: 'inbound', messageType: 'text', status: 'delivered' },
      isConversationWindowOpen: true,
      isFreeEntryPoint: false,
    });
    expect(new Date(newest.conversationWindowExpiresAt!).getTime()).toBe(base + 16 * MINUTE + 24 * 60 * MINUTE);
  });

  it('finds conversations by contact name or number', async () => {
    const noura = await customerWrites(db(), suite.organizationId, { waId: '966501112233', name: 'Noura Al Saud' });
    await customerWrites(db(), suite.organizationId, { waId: customerNumber(), name: 'Someone Else' });
    expect((await list(suite.admin, '?search=noura')).data.map((c) => c.id)).toEqual([noura.conversationId]);
    expect((await list(suite.admin, '?search=0501112233')).data.map((c) => c.id)).toEqual([noura.conversationId]);
    expect((await list(suite.admin, '?search=%2B966%2050111')).pagination.total).toBe(1);
    expect((await list(suite.admin, '?search=nobody%25')).data).toEqual([]);
  });

  it('a window that closed, and a free entry point', async () => {
    const closed = await customerWrites(db(), suite.organizationId, { waId: customerNumber() }, 'old', { at: new Date(Date.now() - 25 * 60 * MINUTE) });
    expect(await conversation(suite.admin, closed.conversationId)).toMatchObject({ isConversationWindowOpen: false, isFreeEntryPoint: false });
    // A free entry point does not widen the window (24 hours, whatever the entry point); nobody replied, so no free messages.
    const ad = await customerWrites(db(), suite.organizationId, { waId: customerNumber() }, 'ad', { at: new Date(Date.now() - 30 * 60 * MINUTE), freeEntryPoint: true });
    expect(await conversation(suite.admin, ad.conversationId)).toMatchObject({ isConversationWindowOpen: false, isFreeEntryPoint: true, freeEntryPointExpiresAt: null });
  });
});

describe('who sees which conversations', () => {
  let agent: Member;
  let agentUserId: string;
  let mine: string;
  let others: string;
  let unassigned: string;

  beforeAll(async () => {
    agent = await addMemberWith(suite.t, suite.organizationId, ['chats:view', 'messages:view']);
    agentUserId = agent.user.userId;
    const colleague = await addMemberWith(suite.t, suite.organizationId, ['chats:view']);
    mine = (await customerWrites(db(), suite.organizationId, { waId: customerNumber() })).conversationId;
    others = (await customerWrites(db(), suite.organizationId, { waId: customerNumber() })).conversationId;
    unassigned = (await customerWrites(db(), suite.organizationId, { waId: customerNumber() })).conversationId;
    expect((await patch(suite.admin, mine, 'assign', { assignToUserId: agentUserId })).statusCode).toBe(200);
    expect((await patch(suite.admin, others, 'assign', { assignToUserId: colleague.user.userId })).statusCode).toBe(200);
  });

  it('chats:view: their own and the unassigned ones; another member\'s answers 404', async () => {
    const all = (await list(agent, '?limit=1000')).data.map((c) => c.id);
    expect(all).toEqual(expect.arrayContaining([mine, unassigned]));
    expect(all).not.toContain(others);
    expect((await list(agent, '?filter=mine')).data.map((c) => c.id)).toEqual([mine]);
    expect((await list(agent, '?filter=unassigned&limit=1000')).data.map((c) => c.id)).toContain(unassigned);
    for (const url of [`/api/conversations/${others}`, `/api/conversations/${others}/messages`, `/api/conversations/${others}/messages/poll`]) {
      expect((await agent.request({ method: 'GET', url })).json()).toEqual({ error: 'Conversation not found' });
    }
    expect((await patch(agent, others, 'read')).statusCode).toBe(404);
  });

  it('pages through their own and the unassigned ones in one order, newest activity first', async () => {
    const whole = (await list(agent, '?limit=1000')).data;
    const times = whole.map((c) => c.lastMessageAt ?? c.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    const paged: string[] = [];
    for (let page = 1; page <= Math.ceil(whole.length / 4); page += 1) paged.push(...(await list(agent, `?limit=4&page=${page}`)).data.map((c) => c.id));
    expect(paged).toEqual(whole.map((c) => c.id));
    expect((await list(agent, '?limit=4')).pagination.total).toBe(whole.length);
    expect((await list(agent, '?filter=unassigned&search=nobody-at-all')).pagination.total).toBe(0);
  });

  it('chats:view_all: every conversation, by filter', async () => {
    const all = (await list(suite.admin, '?limit=1000')).data.map((c) => c.id);
    expect(all).toEqual(expect.arrayContaining([mine, others, unassigned]));
    const adminMine = (await list(suite.admin, '?filter=mine&limit=1000')).data.map((c) => c.id);
    expect(adminMine).not.toContain(mine);
    const assignedToAgent = (await list(suite.admin, '?limit=1000')).data.find((c) => c.id === mine);
    expect(assignedToAgent).toMatchObject({ assignedToId: agentUserId, assignedTo: 'Tariq Test' });
  });

  it('counts by status and by assignment, in the member\'s scope', async () => {
    await patch(suite.admin, unassigned, 'status', { status: 'in_progress' });
    const agentCounts = (await agent.request({ method: 'GET', url: '/api/conversations/status/counts' })).json();
    const agentList = (await list(agent, '?limit=1000')).data;
    expect(agentCounts).toEqual({
      all: agentList.length,
      open: agentList.filter((c) => c.status === 'open').length,
      in_progress: agentList.filter((c) => c.status === 'in_progress').length,
      resolved: agentList.filter((c) => c.status === 'resolved').length,
      unread: agentList.filter((c) => c.unreadCount > 0).length,
    });
    // The unread total is everything the member sees, whatever the filter (the tab title shows it).
    expect((await agent.request({ method: 'GET', url: '/api/conversations/status/counts?filter=mine' })).json()).toEqual({
      all: 1, open: 1, in_progress: 0, resolved: 0, unread: agentCounts.unread,
    });
    expect(agentCounts.unread).toBeGreaterThan(0);
    await patch(agent, agentList.find((c) => c.unreadCount > 0)!.id, 'read');
    expect((await agent.request({ method: 'GET', url: '/api/conversations/status/counts?filter=unassigned' })).json().unread).toBe(agentCounts.unread - 1);
    expect((await agent.request({ method: 'GET', url: '/api/conversations/assignment/counts' })).statusCode).toBe(403);

    const everything = (await list(suite.admin, '?limit=1000')).data;
    const counts = (await suite.admin.request({ method: 'GET', url: '/api/conversations/assignment/counts' })).json();
    expect(counts).toEqual({
      all: everything.length,
      mine: everything.filter((c) => c.assignedToId === suite.admin.user.userId).length,
      unassigned: everything.filter((c) => c.assignedToId === null).length,
    });
    const inProgress = (await suite.admin.request({ method: 'GET', url: '/api/conversations/assignment/counts?status=in_progress' })).json();
    expect(inProgress.all).toBe(everything.filter((c) => c.status === 'in_progress').length);
  });

  it('gives each list by filter and status the total of its own conversations', async () => {
    await patch(suite.admin, unassigned, 'status', { status: 'in_progress' });
    for (const member of [agent, suite.admin]) {
      for (const filter of ['all', 'mine', 'unassigned']) {
        for (const status of ['', '&status=open', '&status=in_progress', '&status=resolved']) {
          const page = await list(member, `?filter=${filter}${status}&limit=1000`);
          expect({ filter, status, total: page.pagination.total }).toEqual({ filter, status, total: page.data.length });
        }
      }
    }
    expect((await list(agent, '?filter=unassigned&status=in_progress')).pagination.total).toBeGreaterThan(0);
  });

  it('answers counts asked together (read by one statement) each in its own member\'s scope', async () => {
    const countsOf = async (member: typeof agent) => (await member.request({ method: 'GET', url: '/api/conversations/status/counts' })).json();
    const alone = { agent: await countsOf(agent), admin: await countsOf(suite.admin) };
    expect(alone.admin.all).toBeGreaterThan(alone.agent.all);
    const [agentTogether, adminTogether] = await Promise.all([countsOf(agent), countsOf(suite.admin)]);
    expect(agentTogether).toEqual(alone.agent);
    expect(adminTogether).toEqual(alone.admin);
  });

  it('status filter', async () => {
    const inProgress = (await list(suite.admin, '?status=in_progress&limit=1000')).data;
    expect(inProgress.length).toBeGreaterThan(0);
    expect(inProgress.every((c) => c.status === 'in_progress')).toBe(true);
    expect((await suite.admin.request({ method: 'GET', url: '/api/conversations?status=closed' })).json()).toEqual({
      error: 'Status must be one of open, in_progress, resolved',
    });
  });
});

describe('reading, assigning and status', () => {
  it('opening a conversation with unread messages marks it read', async () => {
    const customer = { waId: customerNumber() };
    const { conversationId } = await customerWrites(db(), suite.organizationId, customer, 'one');
    await customerWrites(db(), suite.organizationId, customer, 'two');
    expect((await conversation(suite.admin, conversationId)).unreadCount).toBe(2);
    const read = await patch(suite.admin, conversationId, 'read');
    expect(read.statusCode).toBe(200);
    expect(read.json().conversation.unreadCount).toBe(0);
    expect((await conversation(suite.admin, conversationId)).unreadCount).toBe(0);
  });

  it('assigning writes "Assigned to … by …" with the note on the contact\'s timeline; only members can be assignees', async () => {
    const { conversationId, contactId } = await customerWrites(db(), suite.organizationId, { waId: customerNumber() });
    const agent = await addMemberWith(suite.t, suite.organizationId, ['chats:view']);
    const assigned = await patch(suite.admin, conversationId, 'assign', { assignToUserId: agent.user.userId, note: 'VIP, answer in Arabic' });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().conversation).toMatchObject({ assignedToId: agent.user.userId, assignedTo: 'Tariq Test' });

    const notes = (await suite.admin.request({ method: 'GET', url: `/api/contacts/${contactId}/notes` })).json().data;
    expect(notes[0]).toMatchObject({ type: 'system', content: 'Assigned to Tariq Test by Ada Admin: VIP, answer in Arabic', userId: suite.admin.user.userId });

    const stranger = await signUpAdmin(suite.t.app, { organizationName: 'Elsewhere Trading' });
    expect((await patch(suite.admin, conversationId, 'assign', { assignToUserId: stranger.user.userId })).json()).toEqual({ error: 'Assignee not found' });
    expect((await patch(suite.admin, conversationId, 'assign', { assignToUserId: 'not-an-id' })).json()).toEqual({ error: 'Assignee not found' });
    expect((await patch(suite.admin, conversationId, 'assign', {})).json()).toEqual({ error: 'Assignee is required' });

    const unassigned = await patch(suite.admin, conversationId, 'unassign');
    expect(unassigned.json().conversation).toMatchObject({ assignedToId: null, assignedTo: null });
    const after = (await suite.admin.request({ method: 'GET', url: `/api/contacts/${contactId}/notes` })).json().data;
    expect(after[0]).toMatchObject({ type: 'system', content: 'Unassigned from Tariq Test by Ada Admin' });
    const again = await patch(suite.admin, conversationId, 'unassign');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ error: 'This conversation is not assigned' });
  });

  it('a member without chats:view_all assigning a conversation away still gets the answer', async () => {
    const { conversationId } = await customerWrites(db(), suite.organizationId, { waId: customerNumber() });
    const lead = await addMemberWith(suite.t, suite.organizationId, ['chats:view', 'chats:assign']);
    const answer = await patch(lead, conversationId, 'assign', { assignToUserId: suite.admin.user.userId });
    expect(answer.statusCode).toBe(200);
    expect(answer.json().conversation.assignedToId).toBe(suite.admin.user.userId);
    expect((await lead.request({ method: 'GET', url: `/api/conversations/${conversationId}` })).statusCode).toBe(404);
  });

  it("an Agent (chats:respond) takes an unassigned conversation for themselves and resolves and reopens their own, nobody else's", async () => {
    const { conversationId } = await customerWrites(db(), suite.organizationId, { waId: customerNumber() });
    const agent = await addMemberWith(suite.t, suite.organizationId, ['chats:view', 'chats:respond']);
    const colleague = await addMemberWith(suite.t, suite.organizationId, ['chats:view', 'chats:view_all', 'chats:respond']);
    const notYours = { status: 403, body: { error: 'You can change the status only of conversations assigned to you' } };
    const answer = async (response: Promise<{ statusCode: number; json: () => unknown }>) => {
      const settled = await response;
      return { status: settled.statusCode, body: settled.json() };
    };
    // Unassigned: not theirs to resolve, and only theirs to take.
    expect(await answer(patch(agent, conversationId, 'status', { status: 'resolved' }))).toEqual(notYours);
    expect(await answer(patch(agent, conversationId, 'assign', { assignToUserId: colleague.user.userId })))
      .toEqual({ status: 403, body: { error: 'You can only take an unassigned conversation for yourself' } });
    expect((await patch(agent, conversationId, 'assign', { assignToUserId: agent.user.userId })).json().conversation.assignedToId).toBe(agent.user.userId);
    // Now it is the agent's: the colleague (who sees it) can neither take it nor change its status.
    expect((await patch(colleague, conversationId, 'assign', { assignToUserId: colleague.user.userId })).statusCode).toBe(403);
    expect(await answer(patch(colleague, conversationId, 'status', { status: 'resolved' }))).toEqual(notYours);
    expect((await patch(agent, conversationId, 'status', { status: 'resolved' })).json().conversation.status).toBe('resolved');
    expect((await patch(agent, conversationId, 'status', { status: 'open' })).json().conversation.status).toBe('open');
    expect((await patch(agent, conversationId, 'unassign')).statusCode).toBe(403);
  });

  it('status moves open → in_progress → resolved; resolved can be reopened, nothing else; a new customer message reopens it too', async () => {
    const customer = { waId: customerNumber() };
    const { conversationId } = await customerWrites(db(), suite.organizationId, customer);
    expect((await patch(suite.admin, conversationId, 'status', { status: 'in_progress' })).json().conversation.status).toBe('in_progress');
    expect((await patch(suite.admin, conversationId, 'status', { status: 'in_progress' })).statusCode).toBe(200);
    const back = await patch(suite.admin, conversationId, 'status', { status: 'open' });
    expect(back.statusCode).toBe(409);
    expect(back.json()).toEqual({ error: 'A conversation in progress cannot go back to open' });
    expect((await patch(suite.admin, conversationId, 'status', { status: 'resolved' })).json().conversation.status).toBe('resolved');
    const after = await patch(suite.admin, conversationId, 'status', { status: 'in_progress' });
    expect(after.statusCode).toBe(409);
    expect(after.json()).toEqual({ error: 'This conversation is resolved' });
    expect((await patch(suite.admin, conversationId, 'status', {})).json()).toEqual({ error: 'Status is required' });
    expect((await patch(suite.admin, conversationId, 'status', { status: 'open' })).json().conversation.status).toBe('open');
    expect((await patch(suite.admin, conversationId, 'status', { status: 'resolved' })).json().conversation.status).toBe('resolved');

    await customerWrites(db(), suite.organizationId, customer, 'One more question');
    expect((await conversation(suite.admin, conversationId)).status).toBe('open');
  });

  it('removing a member unassigns their conversations', async () => {
    const { conversationId } = await customerWrites(db(), suite.organizationId, { waId: customerNumber() });
    const leaving = await addMemberWith(suite.t, suite.organizationId, ['chats:view']);
    await patch(suite.admin, conversationId, 'assign', { assignToUserId: leaving.user.userId });
    const memberId = await memberIdOf(suite.admin, await userIdByEmail(suite.t, leaving.email));
    expect((await suite.admin.request({ method: 'DELETE', url: `/api/members/${memberId}` })).statusCode).toBe(200);
    expect(await conversation(suite.admin, conversationId)).toMatchObject({ assignedToId: null, assignedTo: null });
  });

  it('another organization\'s conversation answers 404 to every call', async () => {
    const { conversationId } = await customerWrites(db(), suite.organizationId, { waId: customerNumber() });
    const foreign = await signUpAdmin(suite.t.app, { organizationName: 'Other Shop' });
    const calls = [
      foreign.request({ method: 'GET', url: `/api/conversations/${conversationId}` }),
      foreign.request({ method: 'GET', url: `/api/conversations/${conversationId}/messages` }),
      foreign.request({ method: 'GET', url: `/api/conversations/${conversationId}/messages/poll` }),
      patch(foreign, conversationId, 'read'),
      patch(foreign, conversationId, 'assign', { assignToUserId: foreign.user.userId }),
      patch(foreign, conversationId, 'unassign'),
      patch(foreign, conversationId, 'status', { status: 'resolved' }),
      foreign.request({ method: 'POST', url: `/api/conversations/${conversationId}/messages`, payload: { content: 'hi', clientId: crypto.randomUUID() } }),
    ];
    for (const response of await Promise.all(calls)) {
      expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 404, body: { error: 'Conversation not found' } });
    }
    expect((await list(foreign)).data).toEqual([]);
  });
});

describe("a contact's conversation", () => {
  it("is answered only to a member who may see it: another agent's is not found, its id never told", async () => {
    const agent = await addMemberWith(suite.t, suite.organizationId, ['chats:view', 'contacts:view']);
    const otherAgent = await addMemberWith(suite.t, suite.organizationId, ['chats:view', 'contacts:view']);
    const chat = await customerWrites(db(), suite.organizationId, { waId: customerNumber() });
    const open = (member: Member) => member.request({ method: 'GET', url: `/api/conversations/contact/${chat.contactId}` });

    expect((await open(otherAgent)).json()).toEqual({ conversationId: chat.conversationId, contact: { id: chat.contactId } });
    expect((await patch(suite.admin, chat.conversationId, 'assign', { assignToUserId: agent.user.userId })).statusCode).toBe(200);
    expect((await open(agent)).json()).toEqual({ conversationId: chat.conversationId, contact: { id: chat.contactId } });
    const hidden = await open(otherAgent);
    expect({ status: hidden.statusCode, body: hidden.json() }).toEqual({ status: 404, body: { error: 'Conversation not found' } });
    expect((await open(suite.admin)).statusCode).toBe(200);
  });
});
