import { contacts, tags } from '../../db/schema';
import { addMemberWith } from '../../testing/fixtures';
import { createTestApp, signUpAdmin, type TestApp } from '../../testing/test-app';
import { customerNumber, customerWrites } from '../conversations/inbox-test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function addContacts(organizationId: string, n: number, deleted = 0) {
  const rows = Array.from({ length: n + deleted }, (_, i) => ({
    organizationId,
    countryCode: '+971',
    phoneNumber: `50${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}${i}`,
    phoneE164: `+97150${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}${i}`,
    deletedAt: i < deleted ? new Date() : null,
  }));
  await t.database.db.insert(contacts).values(rows);
}

test('the dashboard counts each organization’s own active records, with the card details the grid needs', async () => {
  const mine = await signUpAdmin(t.app, { organizationName: 'Mine' });
  const theirs = await signUpAdmin(t.app, { organizationName: 'Theirs' });
  await addContacts(mine.user.organization!.organizationId, 3, 2);
  await addContacts(theirs.user.organization!.organizationId, 7);
  await t.database.db.insert(tags).values([
    { organizationId: mine.user.organization!.organizationId, name: 'VIP', color: '#d32f2f' },
    { organizationId: theirs.user.organization!.organizationId, name: 'VIP', color: '#d32f2f' },
  ]);

  const response = await mine.request({ method: 'GET', url: '/api/analytics' });
  expect(response.statusCode).toBe(200);
  expect(response.json().cards.slice(0, 4)).toEqual(
    [
      { id: 'conversations', title: 'Conversations', value: 0, icon: 'messages', color: expect.stringMatching(/^#/), link: '/conversations' },
      { id: 'contacts', title: 'Contacts', value: 3, icon: 'users', color: expect.stringMatching(/^#/), link: '/contacts' },
      { id: 'templates', title: 'Templates', value: 0, icon: 'template', color: expect.stringMatching(/^#/), link: '/templates' },
      { id: 'tags', title: 'Tags', value: 1, icon: 'tags', color: expect.stringMatching(/^#/), link: '/tags' },
    ],
  );
  const theirCards = (await theirs.request({ method: 'GET', url: '/api/analytics' })).json().cards;
  expect(theirCards.find((c: { id: string }) => c.id === 'contacts').value).toBe(7);
});

test('a member only gets the cards for screens their role may open', async () => {
  const admin = await signUpAdmin(t.app);
  const agent = await addMemberWith(t, admin.user.organization!.organizationId, ['chats:view', 'templates:view']);
  const cards = (await agent.request({ method: 'GET', url: '/api/analytics' })).json().cards;
  expect(cards.map((c: { id: string }) => c.id)).toEqual(['conversations', 'templates', 'waiting']);
});

test('the Conversations card counts the conversations the member sees: theirs and the unassigned ones without chats:view_all', async () => {
  const admin = await signUpAdmin(t.app, { organizationName: 'Counted Conversations' });
  const organizationId = admin.user.organization!.organizationId;
  const agent = await addMemberWith(t, organizationId, ['chats:view']);
  const otherAgent = await addMemberWith(t, organizationId, ['chats:view']);
  const chats = [];
  for (let i = 0; i < 4; i += 1) chats.push(await customerWrites(t.database.db, organizationId, { waId: customerNumber() }));
  const assign = (conversationId: string, userId: string) =>
    admin.request({ method: 'PATCH', url: `/api/conversations/${conversationId}/assign`, payload: { assignToUserId: userId } });
  expect((await assign(chats[0].conversationId, agent.user.userId)).statusCode).toBe(200);
  expect((await assign(chats[1].conversationId, otherAgent.user.userId)).statusCode).toBe(200);

  const conversationsCard = async (member: typeof admin) =>
    (await member.request({ method: 'GET', url: '/api/analytics' })).json().cards.find((card: { id: string }) => card.id === 'conversations').value;
  expect(await conversationsCard(admin)).toBe(4);
  expect(await conversationsCard(agent)).toBe(3);
  expect(await conversationsCard(otherAgent)).toBe(3);
});
