/** @jest-environment node */
import { randomUUID } from 'node:crypto';
import type { ConversationBatch, ConversationPage } from '@shared/api/conversations';
import { CONVERSATION_IDS_MAX, MALFORMED_CONVERSATION_IDS, TOO_MANY_CONVERSATION_IDS } from '@shared/validation/conversations';
import { addMemberWith } from '../../testing/fixtures';
import { appWithAdminForFile, signUpAdmin, type Member } from '../../testing/test-app';
import { customerNumber, customerWrites } from './inbox-test-fixtures';

/** GET /api/conversations?ids=…: what a live nudge's answer reads, under the list's visibility rule. */

const suite = appWithAdminForFile();
const db = () => suite.t.database.db;

function byIds(member: Member, ids: readonly string[]) {
  return member.request({ method: 'GET', url: `/api/conversations?ids=${encodeURIComponent(ids.join(','))}` });
}

async function batch(member: Member, ids: readonly string[]): Promise<ConversationBatch> {
  const response = await byIds(member, ids);
  expect(response.statusCode).toBe(200);
  return response.json();
}

const idsOf = (answer: ConversationBatch) => answer.data.map((conversation) => conversation.id).sort();

describe('conversations by id', () => {
  let agent: Member;
  let mine: string;
  let colleagues: string;
  let unassigned: string;
  let foreign: string;
  let elsewhereAdmin: Member;
  const nowhere = randomUUID();

  beforeAll(async () => {
    agent = await addMemberWith(suite.t, suite.organizationId, ['chats:view', 'messages:view']);
    const colleague = await addMemberWith(suite.t, suite.organizationId, ['chats:view']);
    mine = (await customerWrites(db(), suite.organizationId, { waId: customerNumber(), name: 'Mine Customer' })).conversationId;
    colleagues = (await customerWrites(db(), suite.organizationId, { waId: customerNumber() })).conversationId;
    unassigned = (await customerWrites(db(), suite.organizationId, { waId: customerNumber() }, 'Newest')).conversationId;
    for (const [id, assignee] of [[mine, agent], [colleagues, colleague]] as const) {
      const assigned = await suite.admin.request({ method: 'PATCH', url: `/api/conversations/${id}/assign`, payload: { assignToUserId: assignee.user.userId } });
      expect(assigned.statusCode).toBe(200);
    }
    elsewhereAdmin = await signUpAdmin(suite.t.app, { organizationName: 'Elsewhere Emporium' });
    foreign = (await customerWrites(db(), elsewhereAdmin.user.organization!.organizationId, { waId: customerNumber() })).conversationId;
  });

  it('answers a member without chats:view_all their own and the unassigned ones, naming the rest missing', async () => {
    const answer = await batch(agent, [mine, colleagues, unassigned, foreign, nowhere]);
    expect(idsOf(answer)).toEqual([mine, unassigned].sort());
    expect(answer.missing.sort()).toEqual([colleagues, foreign, nowhere].sort());
  });

  it('answers chats:view_all every conversation of the organization, never another organization\'s', async () => {
    const answer = await batch(suite.admin, [mine, colleagues, unassigned, foreign, nowhere]);
    expect(idsOf(answer)).toEqual([mine, colleagues, unassigned].sort());
    expect(answer.missing.sort()).toEqual([foreign, nowhere].sort());
  });

  it('answers requests that arrive together (read by one statement) each with what its own member sees', async () => {
    const named = [mine, colleagues, unassigned, foreign, nowhere];
    const [agents, admins, foreigners] = await Promise.all([batch(agent, named), batch(suite.admin, named), batch(elsewhereAdmin, named)]);
    expect(idsOf(agents)).toEqual([mine, unassigned].sort());
    expect(idsOf(admins)).toEqual([mine, colleagues, unassigned].sort());
    expect(idsOf(foreigners)).toEqual([foreign]);
    expect(foreigners.missing.sort()).toEqual([mine, colleagues, unassigned, nowhere].sort());
  });

  it('shapes each conversation exactly as the list does, newest activity first', async () => {
    const list: ConversationPage = (await agent.request({ method: 'GET', url: '/api/conversations?limit=1000' })).json();
    const answer = await batch(agent, [mine, unassigned]);
    expect(answer.data).toEqual(list.data.filter((conversation) => [mine, unassigned].includes(conversation.id)));
    expect(answer.data[0]).toMatchObject({ id: unassigned, lastMessage: { content: 'Newest' } });
    expect(answer.data[1]).toMatchObject({ id: mine, assignedToId: agent.user.userId, contact: { profileName: 'Mine Customer' } });
  });

  it('takes ids in any case and named twice once, answering them in lower case', async () => {
    const answer = await batch(agent, [mine.toUpperCase(), mine, nowhere.toUpperCase()]);
    expect(idsOf(answer)).toEqual([mine]);
    expect(answer.missing).toEqual([nowhere]);
  });

  it(`takes up to ${CONVERSATION_IDS_MAX} ids and refuses more, or a malformed id, with a clear 400`, async () => {
    const fifty = [mine, ...Array.from({ length: CONVERSATION_IDS_MAX - 1 }, () => randomUUID())];
    expect((await batch(agent, fifty)).missing).toHaveLength(CONVERSATION_IDS_MAX - 1);

    const fiftyOne = await byIds(agent, [...fifty, randomUUID()]);
    expect(fiftyOne.statusCode).toBe(400);
    expect(fiftyOne.json()).toEqual({ error: TOO_MANY_CONVERSATION_IDS });

    for (const ids of [[mine, 'not-an-id'], [`${mine},`], [''], [`${mine} `]]) {
      const malformed = await byIds(agent, ids);
      expect({ ids, status: malformed.statusCode }).toEqual({ ids, status: 400 });
      expect(malformed.json()).toEqual({ error: MALFORMED_CONVERSATION_IDS });
    }
  });

  it('needs chats:view, like the list', async () => {
    const outsider = await addMemberWith(suite.t, suite.organizationId, ['contacts:view']);
    expect((await byIds(outsider, [mine])).statusCode).toBe(403);
  });
});
