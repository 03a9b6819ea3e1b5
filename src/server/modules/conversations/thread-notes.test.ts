/** @jest-environment node */
import { and, eq } from 'drizzle-orm';
import type { Conversation, ConversationPage, MessagePage, MessagePollResponse } from '@shared/api/conversations';
import { MENTION_NOT_VISIBLE, type AddThreadNoteResponse, type MentionableMembersResponse } from '@shared/api/thread-notes';
import { THREAD_NOTE_EMPTY, THREAD_NOTE_TOO_LONG } from '@shared/validation/thread-notes';
import { messages, noteMentions } from '../../db/schema';
import { addMemberWith } from '../../testing/fixtures';
import { signUpAdmin, type Member } from '../../testing/test-app';
import { kitWithAdminForFile } from '../../testing/whatsapp-test-kit';
import { customerNumber, customerWrites } from './inbox-test-fixtures';

const suite = kitWithAdminForFile();
const db = () => suite.kit.t.database.db;
const admin = () => suite.admin;

const AGENT = ['chats:view', 'messages:view', 'chats:respond'] as const;

function addNote(member: Member, conversationId: string, payload: Record<string, unknown>) {
  return member.request({ method: 'POST', url: `/api/conversations/${conversationId}/notes`, payload });
}

async function get<T>(member: Member, url: string): Promise<T> {
  const response = await member.request({ method: 'GET', url });
  expect(response.statusCode).toBe(200);
  return response.json<T>();
}

const conversation = async (id: string) => (await get<{ conversation: Conversation }>(admin(), `/api/conversations/${id}`)).conversation;
const assign = (conversationId: string, userId: string) =>
  admin().request({ method: 'PATCH', url: `/api/conversations/${conversationId}/assign`, payload: { assignToUserId: userId } });
const sendsNow = () => suite.kit.sandbox.world.sends.summary().total;

describe('POST /conversations/{id}/notes', () => {
  it('stores a note in the thread, brought by the history and the poll, never sent to WhatsApp and never the list\'s last message', async () => {
    const older = await customerWrites(db(), suite.organizationId, { waId: customerNumber() }, 'Older chat');
    await customerWrites(db(), suite.organizationId, { waId: customerNumber() }, 'Where is my order?');
    await customerWrites(db(), suite.organizationId, { waId: customerNumber() }, 'Newest chat');
    const before = await conversation(older.conversationId);
    const { cursor } = await get<MessagePage>(admin(), `/api/conversations/${older.conversationId}/messages`);
    const listBefore = (await get<ConversationPage>(admin(), '/api/conversations')).data.map((c) => c.id);
    const sendsBefore = sendsNow();

    const response = await addNote(admin(), older.conversationId, { content: '  Customer called, refund approved  ' });
    expect(response.statusCode).toBe(201);
    const { message } = response.json<AddThreadNoteResponse>();
    expect(message).toMatchObject({
      messageType: 'note', content: 'Customer called, refund approved', conversationId: older.conversationId, authorName: admin().user.name,
    });

    const history = await get<MessagePage>(admin(), `/api/conversations/${older.conversationId}/messages`);
    expect(history.data[0]).toEqual(message);
    const poll = await get<MessagePollResponse>(admin(), `/api/conversations/${older.conversationId}/messages/poll?cursor=${cursor}`);
    expect(poll.messages).toEqual([message]);
    expect(poll.cursor).toBeGreaterThan(cursor);

    // Nothing about the conversation moved: not its last message, unread count, window or place in the list.
    const after = await conversation(older.conversationId);
    expect(after).toEqual(before);
    expect((await get<ConversationPage>(admin(), '/api/conversations')).data.map((c) => c.id)).toEqual(listBefore);
    expect(sendsNow()).toBe(sendsBefore);
  });

  it('refuses an empty or too long note, and a malformed mention, with the rule\'s message', async () => {
    const { conversationId } = await customerWrites(db(), suite.organizationId, { waId: customerNumber() });
    const cases = [
      { payload: { content: '   ' }, error: THREAD_NOTE_EMPTY },
      { payload: { content: 'x'.repeat(4097) }, error: THREAD_NOTE_TOO_LONG },
      { payload: { content: 'Hi', mentions: ['not-an-id'] }, error: 'Mentioned member not found' },
    ];
    for (const { payload, error } of cases) {
      const response = await addNote(admin(), conversationId, payload);
      expect({ status: response.statusCode, body: response.json() }).toEqual({ status: 400, body: { error } });
    }
    expect(await addNote(admin(), conversationId, { content: 'x'.repeat(4096) }).then((r) => r.statusCode)).toBe(201);
  });

  it('mentions only members who can see the conversation: anyone else is 422 and nothing is stored', async () => {
    const { conversationId } = await customerWrites(db(), suite.organizationId, { waId: customerNumber() });
    const agent = await addMemberWith(suite.kit.t, suite.organizationId, AGENT);
    const colleague = await addMemberWith(suite.kit.t, suite.organizationId, AGENT);
    const listOnly = await addMemberWith(suite.kit.t, suite.organizationId, ['messages:view']);
    const stranger = await signUpAdmin(suite.kit.t.app, { organizationName: 'Elsewhere Electrics' });
    expect((await assign(conversationId, agent.user.userId)).statusCode).toBe(200);

    for (const outsider of [colleague, listOnly, stranger]) {
      const refused = await addNote(admin(), conversationId, { content: 'Look at this', mentions: [agent.user.userId, outsider.user.userId] });
      expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 422, body: { error: MENTION_NOT_VISIBLE } });
    }
    const notes = await db().select().from(messages).where(and(eq(messages.conversationId, conversationId), eq(messages.messageType, 'note')));
    expect(notes).toEqual([]);

    const accepted = await addNote(admin(), conversationId, { content: '@agent look', mentions: [agent.user.userId, agent.user.userId, admin().user.userId] });
    expect(accepted.statusCode).toBe(201);
    const stored = await db().select({ userId: noteMentions.userId }).from(noteMentions).where(eq(noteMentions.conversationId, conversationId));
    expect(stored.map((row) => row.userId).sort()).toEqual([agent.user.userId, admin().user.userId].sort());
  });

  it('is written by whoever may reply in the conversation, and another organization\'s or an unseen conversation is 404', async () => {
    const { conversationId } = await customerWrites(db(), suite.organizationId, { waId: customerNumber() });
    const agent = await addMemberWith(suite.kit.t, suite.organizationId, AGENT);
    const other = await addMemberWith(suite.kit.t, suite.organizationId, AGENT);
    const stranger = await signUpAdmin(suite.kit.t.app, { organizationName: 'Faraway Fabrics' });
    expect((await addNote(agent, conversationId, { content: 'Mine now' })).statusCode).toBe(201);
    expect((await assign(conversationId, agent.user.userId)).statusCode).toBe(200);

    for (const outsider of [other, stranger]) {
      expect((await addNote(outsider, conversationId, { content: 'Hello' })).statusCode).toBe(404);
      expect((await outsider.request({ method: 'GET', url: `/api/conversations/${conversationId}/mentionable` })).statusCode).toBe(404);
    }
  });
});

describe('GET /conversations/{id}/mentionable', () => {
  it('lists the members who can see the conversation, by name', async () => {
    const { conversationId } = await customerWrites(db(), suite.organizationId, { waId: customerNumber() });
    const agent = await addMemberWith(suite.kit.t, suite.organizationId, AGENT);
    const noList = await addMemberWith(suite.kit.t, suite.organizationId, ['messages:view']);
    const ids = async () => (await get<MentionableMembersResponse>(admin(), `/api/conversations/${conversationId}/mentionable`)).members.map((m) => m.id);

    expect(await ids()).toEqual(expect.arrayContaining([admin().user.userId, agent.user.userId]));
    expect(await ids()).not.toContain(noList.user.userId);
    // Assigned to the Admin, it leaves the agent's list: the agent cannot be mentioned there any more.
    expect((await assign(conversationId, admin().user.userId)).statusCode).toBe(200);
    expect(await ids()).toContain(admin().user.userId);
    expect(await ids()).not.toContain(agent.user.userId);
    const { members } = await get<MentionableMembersResponse>(admin(), `/api/conversations/${conversationId}/mentionable`);
    expect(Object.keys(members[0]).sort()).toEqual(['id', 'name']);
  });
});

describe('GET /conversations?mentioned=me', () => {
  it('lists the conversations where a note mentions the member, among those they can still see', async () => {
    const agent = await addMemberWith(suite.kit.t, suite.organizationId, AGENT);
    const colleague = await addMemberWith(suite.kit.t, suite.organizationId, AGENT);
    const mentioned = await customerWrites(db(), suite.organizationId, { waId: customerNumber() });
    const reassigned = await customerWrites(db(), suite.organizationId, { waId: customerNumber() });
    await customerWrites(db(), suite.organizationId, { waId: customerNumber() });
    for (const { conversationId } of [mentioned, reassigned]) {
      expect((await addNote(admin(), conversationId, { content: 'Have a look', mentions: [agent.user.userId] })).statusCode).toBe(201);
    }
    const mentions = async (member: Member, query = '') =>
      (await get<ConversationPage>(member, `/api/conversations?mentioned=me${query}`)).data.map((c) => c.id);

    expect((await mentions(agent)).sort()).toEqual([mentioned.conversationId, reassigned.conversationId].sort());
    expect(await mentions(colleague)).toEqual([]);
    // Assigned to a colleague, the agent no longer sees it, so it leaves their Mentions too.
    expect((await assign(reassigned.conversationId, colleague.user.userId)).statusCode).toBe(200);
    expect(await mentions(agent)).toEqual([mentioned.conversationId]);
    expect(await mentions(agent, '&status=resolved')).toEqual([]);

    const wrong = await agent.request({ method: 'GET', url: '/api/conversations?mentioned=you' });
    expect({ status: wrong.statusCode, body: wrong.json() }).toEqual({ status: 400, body: { error: "Mentioned must be 'me'" } });
  });
});
