import { and, eq } from 'drizzle-orm';
import type { InboxReport } from '@shared/api/reports';
import { conversationEvents, conversations, messages } from '../../db/schema';
import { createTestApp, signUpAdmin, type Member, type TestApp } from '../../testing/test-app';
import { zoneAwayFromMidnight } from '../../testing/time-zones';
import { recordOutboundMessage } from '../conversations';
import { customerNumber, customerWrites, type Written } from '../conversations/inbox-test-fixtures';
import { foldReportRollups, rollupDrift } from '.';
import { recountedPeriods } from './periods-repository';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

/**
 * Folds until nothing noted is left, as every process's loop does, in small batches. A fold stops at
 * once while the app's own loop holds the fold lock (on PostgreSQL), so the app's loop is then drained
 * too: it waits for the fold under way and folds whatever is left.
 */
async function foldAll() {
  while (await foldReportRollups(t.database.db, 3));
  await t.app.reportRollups.drain();
}

async function report(member: Member): Promise<InboxReport> {
  const response = await member.request({ method: 'GET', url: '/api/reports/inbox' });
  expect(response.statusCode).toBe(200);
  return response.json<InboxReport>();
}

/** The kept rollups equal a full recount from the messages and resolves. */
async function expectRollupsExact(organizationId: string) {
  expect(await rollupDrift(t.database.db, organizationId)).toEqual({ periods: 0, quarters: 0 });
}

/**
 * A busy hour of an inbox, written at once: customers writing (some twice), members replying, resolves
 * and reopens through the inbox's routes, thread notes, with folds in small batches running in between.
 */
async function busyInbox(admin: Member) {
  const organizationId = admin.user.organization!.organizationId;
  const db = t.database.db;
  const reply = (chat: Written, minutes: number | 'now', type: 'text' | 'note' = 'text') => recordOutboundMessage(db, {
    organizationId, conversationId: chat.conversationId, contactId: chat.contactId, messageType: type, content: 'On it',
    senderUserId: admin.user.userId, sentAt: minutes === 'now' ? new Date() : minutesAgo(minutes),
  });
  const status = (chat: Written, value: 'resolved' | 'open') =>
    admin.request({ method: 'PATCH', url: `/api/conversations/${chat.conversationId}/status`, payload: { status: value } });

  const customers = Array.from({ length: 8 }, () => customerNumber());
  const chats = await Promise.all(customers.map((waId, i) => customerWrites(db, organizationId, { waId }, 'Hi', { at: minutesAgo(60 - i) })));
  await Promise.all([
    ...chats.map((chat, i) => reply(chat, 50 - i)),
    ...customers.map((waId, i) => customerWrites(db, organizationId, { waId }, 'Still there?', { at: minutesAgo(45 - i) })),
    foldAll(),
    reply(chats[0], 44, 'note'),
  ]);
  await Promise.all([...chats.slice(0, 5).map((chat) => status(chat, 'resolved')), foldAll()]);
  // Reopened: by the customer writing again (after the resolves, so now), and by a member.
  await Promise.all([
    ...customers.slice(0, 3).map((waId) => customerWrites(db, organizationId, { waId }, 'One more thing')),
    status(chats[3], 'open'),
    foldAll(),
  ]);
  await Promise.all([reply(chats[1], 'now'), status(chats[2], 'resolved'), foldAll()]);
  return { organizationId, chats };
}

test('after writes, resolves and reopens made at once, with folds in between, the kept periods and message counts equal a full recount', async () => {
  const admin = await signUpAdmin(t.app, { organizationName: 'Busy rollups' });
  const { organizationId } = await busyInbox(admin);
  // Before the last fold the counts are already exact: writers add theirs in their own statement.
  expect((await rollupDrift(t.database.db, organizationId)).quarters).toBe(0);
  await foldAll();
  await expectRollupsExact(organizationId);
  expect((await recountedPeriods(t.database.db, organizationId)).length).toBeGreaterThan(8);
});

test('the report reads the same before the fold as after it: noted conversations are computed afresh', async () => {
  // Both reports cover the same seven days: no midnight falls between them.
  const admin = await signUpAdmin(t.app, { organizationName: 'Unfolded rollups', timeZone: zoneAwayFromMidnight() });
  await busyInbox(admin);
  const before = await report(admin);
  await foldAll();
  const after = await report(admin);
  expect(before).toEqual(after);
  expect(after.firstResponse.count).toBeGreaterThan(0);
  expect(after.messages.inbound).toBe(19);
});

test('deleted messages, resolves and conversations leave the rollups equal to a recount', async () => {
  const admin = await signUpAdmin(t.app, { organizationName: 'Deleting rollups' });
  const { organizationId, chats } = await busyInbox(admin);
  await foldAll();
  const db = t.database.db;
  const [firstReply] = await db.select({ id: messages.id }).from(messages)
    .where(and(eq(messages.conversationId, chats[0].conversationId), eq(messages.direction, 'outbound'))).limit(1);
  await Promise.all([
    db.delete(messages).where(eq(messages.id, firstReply.id)),
    db.delete(conversationEvents).where(and(eq(conversationEvents.conversationId, chats[1].conversationId), eq(conversationEvents.kind, 'resolved'))),
    db.delete(conversations).where(eq(conversations.id, chats[4].conversationId)),
  ]);
  expect((await rollupDrift(db, organizationId)).quarters).toBe(0);
  await foldAll();
  await expectRollupsExact(organizationId);
});

test('a message moved in time moves in the counts and its conversation is recomputed', async () => {
  const admin = await signUpAdmin(t.app, { organizationName: 'Moved rollups' });
  const { organizationId, chats } = await busyInbox(admin);
  await foldAll();
  const db = t.database.db;
  await db.update(messages).set({ sentAt: minutesAgo(3 * 24 * 60), createdAt: minutesAgo(3 * 24 * 60) })
    .where(and(eq(messages.conversationId, chats[5].conversationId), eq(messages.direction, 'outbound')));
  expect((await rollupDrift(db, organizationId)).quarters).toBe(0);
  await foldAll();
  await expectRollupsExact(organizationId);
});
