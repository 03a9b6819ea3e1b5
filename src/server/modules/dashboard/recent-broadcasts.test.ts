import { eq } from 'drizzle-orm';
import { broadcasts } from '../../db/schema';
import { addMemberWith } from '../../testing/fixtures';
import { createTestApp, signUpAdmin, type TestApp } from '../../testing/test-app';
import { insertTemplate, makeContacts, settleRecipient } from '../broadcasts/broadcast-test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

test('the last three broadcasts that started sending, with delivery (of sent) and read (of delivered) rates, for analytics:view only', async () => {
  const admin = await signUpAdmin(t.app, { organizationName: 'Broadcasting' });
  const organizationId = admin.user.organization!.organizationId;
  const db = t.database.db;
  const templateId = await insertTemplate(db, organizationId);
  const contacts = await makeContacts(db, organizationId, 3);
  const ids: string[] = [];
  for (let i = 0; i < 5; i += 1) {
    const response = await admin.request({
      method: 'POST', url: '/api/broadcast',
      payload: { name: `Campaign ${i}`, templateId, parameters: ['Layla', 'A-1001'], contactIds: contacts.map((c) => c.id) },
    });
    expect(response.statusCode).toBeLessThan(300);
    ids.push(response.json().id);
  }
  const [, second, third, fourth, newest] = ids;
  await db.update(broadcasts).set({ status: 'draft' }).where(eq(broadcasts.id, newest));
  await db.update(broadcasts).set({ status: 'processing' }).where(eq(broadcasts.id, fourth));
  await settleRecipient(db, organizationId, fourth, contacts[0].id, { state: 'sent', messageStatus: 'read' });
  await settleRecipient(db, organizationId, fourth, contacts[1].id, { state: 'sent', messageStatus: 'delivered' });
  await settleRecipient(db, organizationId, fourth, contacts[2].id, { state: 'sent', messageStatus: 'sent' });

  const response = await admin.request({ method: 'GET', url: '/api/analytics' });
  expect(response.statusCode).toBe(200);
  expect(response.json().recentBroadcasts).toEqual([
    { id: fourth, name: 'Campaign 3', sentCount: 3, deliveryRate: 2 / 3, readRate: 0.5 },
    { id: third, name: 'Campaign 2', sentCount: 0, deliveryRate: null, readRate: null },
    { id: second, name: 'Campaign 1', sentCount: 0, deliveryRate: null, readRate: null },
  ]);

  const agent = await addMemberWith(t, organizationId, ['chats:view', 'contacts:view']);
  const agentsView = (await agent.request({ method: 'GET', url: '/api/analytics' })).json();
  expect(agentsView).not.toHaveProperty('recentBroadcasts');
});
