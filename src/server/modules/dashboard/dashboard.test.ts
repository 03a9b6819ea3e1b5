import { contacts, tags } from '../../db/schema';
import { addMemberWith } from '../../testing/fixtures';
import { createTestApp, signUpAdmin, type TestApp } from '../../testing/test-app';

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
  expect(response.json()).toEqual({
    cards: [
      { id: 'conversations', title: 'Conversations', value: 0, icon: 'messages', color: expect.stringMatching(/^#/), link: '/conversations' },
      { id: 'contacts', title: 'Contacts', value: 3, icon: 'users', color: expect.stringMatching(/^#/), link: '/contacts' },
      { id: 'templates', title: 'Templates', value: 0, icon: 'template', color: expect.stringMatching(/^#/), link: '/templates' },
      { id: 'tags', title: 'Tags', value: 1, icon: 'tags', color: expect.stringMatching(/^#/), link: '/tags' },
    ],
  });
  const theirCards = (await theirs.request({ method: 'GET', url: '/api/analytics' })).json().cards;
  expect(theirCards.find((c: { id: string }) => c.id === 'contacts').value).toBe(7);
});

test('a member only gets the cards for screens their role may open', async () => {
  const admin = await signUpAdmin(t.app);
  const agent = await addMemberWith(t, admin.user.organization!.organizationId, ['chats:view', 'templates:view']);
  const cards = (await agent.request({ method: 'GET', url: '/api/analytics' })).json().cards;
  expect(cards.map((c: { id: string }) => c.id)).toEqual(['conversations', 'templates']);
});
