import { addMemberWith } from '../../testing/fixtures';
import { createTestApp, signUpAdmin, type TestApp } from '../../testing/test-app';
import { zoneAwayFromMidnight } from '../../testing/time-zones';
import { recordOutboundMessage } from '../conversations';
import { customerNumber, customerWrites, type Written } from '../conversations/inbox-test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

interface Card { id: string; value: number | null; unit?: string }
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

async function firstResponseCard(member: Awaited<ReturnType<typeof signUpAdmin>>): Promise<Card | undefined> {
  const response = await member.request({ method: 'GET', url: '/api/analytics' });
  expect(response.statusCode).toBe(200);
  return (response.json().cards as Card[]).find((c) => c.id === 'first-response');
}

test('today’s median first response: from the message opening a customer’s turn to the first reply a member sent', async () => {
  // The customers write minutes before the replies: near midnight in the organization's zone they would straddle two days.
  const admin = await signUpAdmin(t.app, { organizationName: 'Responsive', timeZone: zoneAwayFromMidnight() });
  const organizationId = admin.user.organization!.organizationId;
  const reply = (chat: Written, senderUserId: string | null = admin.user.userId) => recordOutboundMessage(t.database.db, {
    organizationId, conversationId: chat.conversationId, contactId: chat.contactId, messageType: 'text', content: 'Hi', senderUserId,
  });
  const write = (waId: string, minutes: number) => customerWrites(t.database.db, organizationId, { waId }, 'Hello', { at: minutesAgo(minutes) });

  await reply(await write(customerNumber(), 4));
  // A second message in the same turn does not restart the clock.
  const twice = customerNumber();
  await write(twice, 10);
  await reply(await write(twice, 9));
  // A message no member sent (a broadcast, an automation) is not a response.
  const automated = await write(customerNumber(), 6);
  await reply(automated, null);
  await reply(automated);
  // An unanswered turn has no first response yet.
  await write(customerNumber(), 3);

  const card = await firstResponseCard(admin);
  expect(card).toMatchObject({ unit: 'minutes' });
  expect(card!.value).toBeGreaterThanOrEqual(5.9);
  expect(card!.value).toBeLessThan(6.5);
});

test('with no first response today the card has no value, and it needs analytics:view', async () => {
  const admin = await signUpAdmin(t.app, { organizationName: 'Quiet today' });
  const organizationId = admin.user.organization!.organizationId;
  await customerWrites(t.database.db, organizationId, { waId: customerNumber() }, 'Hello', { at: minutesAgo(2) });
  expect(await firstResponseCard(admin)).toMatchObject({ value: null, unit: 'minutes' });

  const analyst = await addMemberWith(t, organizationId, ['analytics:view']);
  expect(await firstResponseCard(analyst)).toBeDefined();
  const agent = await addMemberWith(t, organizationId, ['chats:view', 'chats:respond']);
  expect(await firstResponseCard(agent)).toBeUndefined();
});
