import { addMemberWith } from '../../testing/fixtures';
import { createTestApp, signUpAdmin, type TestApp } from '../../testing/test-app';
import { recordOutboundMessage } from '../conversations';
import { customerNumber, customerWrites, type Written } from '../conversations/inbox-test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Admin = Awaited<ReturnType<typeof signUpAdmin>>;
interface Card { id: string; value: number; link: string; waitingSince?: string }

async function cardsOf(member: Admin): Promise<Card[]> {
  const response = await member.request({ method: 'GET', url: '/api/analytics' });
  expect(response.statusCode).toBe(200);
  return response.json().cards;
}
const card = (cards: Card[], id: string) => cards.find((c) => c.id === id);

const reply = (organizationId: string, chat: Written, messageType: 'text' | 'note' = 'text') =>
  recordOutboundMessage(t.database.db, {
    organizationId, conversationId: chat.conversationId, contactId: chat.contactId, messageType, content: 'On it',
  });

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3600_000);

test('customers waiting: unresolved conversations whose latest message (notes aside) is the customer’s, with the longest wait', async () => {
  const admin = await signUpAdmin(t.app, { organizationName: 'Waiting' });
  const organizationId = admin.user.organization!.organizationId;
  const write = (waId: string, at: Date) => customerWrites(t.database.db, organizationId, { waId }, 'Hello', { at });
  await write(customerNumber(), hoursAgo(3));
  await write(customerNumber(), hoursAgo(1));
  const answeredNumber = customerNumber();
  const answered = await write(answeredNumber, hoursAgo(4));
  await reply(organizationId, answered);
  const noted = await write(customerNumber(), hoursAgo(0.1));
  await reply(organizationId, noted, 'note');
  const resolved = await write(customerNumber(), hoursAgo(5));
  const resolving = await admin.request({ method: 'PATCH', url: `/api/conversations/${resolved.conversationId}/status`, payload: { status: 'resolved' } });
  expect(resolving.statusCode).toBe(200);
  // Another organization's waiting customer counts only there.
  const other = await signUpAdmin(t.app, { organizationName: 'Other waiting' });
  await customerWrites(t.database.db, other.user.organization!.organizationId, { waId: customerNumber() }, 'Hi', { at: hoursAgo(9) });

  const waiting = card(await cardsOf(admin), 'waiting');
  expect(waiting).toMatchObject({ value: 3, link: '/conversations' });
  expect(Math.abs(new Date(waiting!.waitingSince!).getTime() - hoursAgo(3).getTime())).toBeLessThan(60_000);
  expect(card(await cardsOf(other), 'waiting')?.value).toBe(1);

  // The answered customer writes again after the reply: they wait again.
  await write(answeredNumber, new Date(Date.now() + 60_000));
  await write(answeredNumber, new Date(Date.now() + 120_000));
  const again = card(await cardsOf(admin), 'waiting');
  expect(again?.value).toBe(4);
  expect(Math.abs(new Date(again!.waitingSince!).getTime() - hoursAgo(3).getTime())).toBeLessThan(60_000);
});

test('nobody waiting: the card shows 0 and no longest wait', async () => {
  const admin = await signUpAdmin(t.app, { organizationName: 'Quiet' });
  const waiting = card(await cardsOf(admin), 'waiting');
  expect(waiting).toEqual(expect.objectContaining({ value: 0 }));
  expect(waiting).not.toHaveProperty('waitingSince');
});

test('unassigned and my open conversations count the organization’s unresolved ones', async () => {
  const admin = await signUpAdmin(t.app, { organizationName: 'Assigned' });
  const organizationId = admin.user.organization!.organizationId;
  const chats = [];
  for (let i = 0; i < 4; i += 1) chats.push(await customerWrites(t.database.db, organizationId, { waId: customerNumber() }));
  const assign = (chat: Written) =>
    admin.request({ method: 'PATCH', url: `/api/conversations/${chat.conversationId}/assign`, payload: { assignToUserId: admin.user.userId } });
  expect((await assign(chats[0])).statusCode).toBe(200);
  expect((await assign(chats[1])).statusCode).toBe(200);
  const resolve = (chat: Written) =>
    admin.request({ method: 'PATCH', url: `/api/conversations/${chat.conversationId}/status`, payload: { status: 'resolved' } });
  expect((await resolve(chats[1])).statusCode).toBe(200);
  expect((await resolve(chats[2])).statusCode).toBe(200);

  const cards = await cardsOf(admin);
  expect(card(cards, 'unassigned')).toMatchObject({ value: 1, link: '/conversations?filter=unassigned' });
  expect(card(cards, 'my-open')).toMatchObject({ value: 1, link: '/conversations?filter=mine' });
});

test('each inbox card needs its permission: waiting chats:view, unassigned chats:view_all, my open chats:respond', async () => {
  const admin = await signUpAdmin(t.app, { organizationName: 'Gated' });
  const organizationId = admin.user.organization!.organizationId;
  const ids = async (permissions: Parameters<typeof addMemberWith>[2]) =>
    (await cardsOf(await addMemberWith(t, organizationId, permissions))).map((c) => c.id);
  expect(await ids(['contacts:view'])).toEqual(['contacts', 'tags']);
  expect(await ids(['chats:view'])).toEqual(['conversations', 'waiting']);
  expect(await ids(['chats:view', 'chats:view_all'])).toEqual(['conversations', 'waiting', 'unassigned']);
  expect(await ids(['chats:view', 'chats:respond'])).toEqual(['conversations', 'waiting', 'my-open']);
});

test('a member without chats:view_all counts waiting customers only among their own and the unassigned conversations', async () => {
  const admin = await signUpAdmin(t.app, { organizationName: 'Scoped waiting' });
  const organizationId = admin.user.organization!.organizationId;
  const agent = await addMemberWith(t, organizationId, ['chats:view']);
  const mine = await customerWrites(t.database.db, organizationId, { waId: customerNumber() });
  const theirs = await customerWrites(t.database.db, organizationId, { waId: customerNumber() });
  await customerWrites(t.database.db, organizationId, { waId: customerNumber() });
  const assign = (chat: Written, userId: string) =>
    admin.request({ method: 'PATCH', url: `/api/conversations/${chat.conversationId}/assign`, payload: { assignToUserId: userId } });
  expect((await assign(mine, agent.user.userId)).statusCode).toBe(200);
  expect((await assign(theirs, admin.user.userId)).statusCode).toBe(200);

  expect(card(await cardsOf(agent), 'waiting')?.value).toBe(2);
  expect(card(await cardsOf(admin), 'waiting')?.value).toBe(3);
});

test('a customer’s wait begins at their first message after the team’s latest reply', async () => {
  const admin = await signUpAdmin(t.app, { organizationName: 'Wait start' });
  const organizationId = admin.user.organization!.organizationId;
  const waId = customerNumber();
  const chat = await customerWrites(t.database.db, organizationId, { waId }, 'Hello', { at: hoursAgo(5) });
  await reply(organizationId, chat);
  const firstAfterReply = new Date(Date.now() + 60_000);
  await customerWrites(t.database.db, organizationId, { waId }, 'Anyone?', { at: firstAfterReply });
  await customerWrites(t.database.db, organizationId, { waId }, 'Hello?', { at: new Date(Date.now() + 120_000) });

  const waiting = card(await cardsOf(admin), 'waiting');
  expect(waiting?.value).toBe(1);
  expect(Math.abs(new Date(waiting!.waitingSince!).getTime() - firstAfterReply.getTime())).toBeLessThan(1000);
});
