import type { InboxReport } from '@shared/api/reports';
import { wallTimeAt } from '@shared/format/zoned-time';
import { addMemberWith } from '../../testing/fixtures';
import { createTestApp, signUpAdmin, type Member, type TestApp } from '../../testing/test-app';
import { zoneAwayFromMidnight } from '../../testing/time-zones';
import { customerNumber, customerWrites } from '../conversations/inbox-test-fixtures';
import { chatFrom, setTimeZone } from './reports-test-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const WEEK = 'from=2026-03-02&to=2026-03-08';

async function report(member: Member, query = WEEK): Promise<InboxReport> {
  const response = await member.request({ method: 'GET', url: `/api/reports/inbox?${query}` });
  expect(response.statusCode).toBe(200);
  return response.json<InboxReport>();
}

/**
 * A week in Dubai (UTC+4, no summer time) with known answers. Times are UTC; the comments give Dubai's.
 * Periods opened in the week: c1 Mon 09:00 (first response 10 min, resolved after 60), c1 reopened Tue 08:00
 * (30, 60), c2 Mon 23:30 (50, open), c5 Sat 10:00 (none, 120).
 */
async function dubaiWeek() {
  const admin = await signUpAdmin(t.app, { organizationName: 'Reported' });
  const organizationId = admin.user.organization!.organizationId;
  await setTimeZone(admin, 'Asia/Dubai');
  const agentA = await addMemberWith(t, organizationId, ['chats:view', 'chats:respond']);
  const agentB = await addMemberWith(t, organizationId, ['chats:view', 'chats:respond']);
  const [a, b] = [agentA.user.userId, agentB.user.userId];
  const db = t.database.db;

  const c1 = await chatFrom(db, organizationId, '2026-03-02T05:00:00Z'); // Mon 09:00
  await c1.assigned('2026-03-02T05:01:00Z', a);
  await c1.customer('2026-03-02T05:05:00Z'); // the same period: the clock does not restart
  await c1.outbound('2026-03-02T05:10:00Z', a); // first response: 10 min
  await c1.outbound('2026-03-02T05:20:00Z', b); // a second reply is not a first response
  await c1.resolved('2026-03-02T06:00:00Z', a); // resolution: 60 min
  await c1.customer('2026-03-03T04:00:00Z'); // Tue 08:00: reopens
  await c1.outbound('2026-03-03T04:05:00Z', a, 'note'); // a thread note is no response
  await c1.outbound('2026-03-03T04:10:00Z', a, 'broadcast'); // nor is a template broadcast
  await c1.outbound('2026-03-03T04:30:00Z', a); // 30 min
  await c1.resolved('2026-03-03T05:00:00Z', a); // 60 min

  const c2 = await chatFrom(db, organizationId, '2026-03-02T19:30:00Z'); // Mon 23:30 in Dubai, Monday's
  await c2.assigned('2026-03-02T19:31:00Z', b);
  await c2.outbound('2026-03-02T20:20:00Z', b); // Tue 00:20: 50 min

  const c3 = await chatFrom(db, organizationId, '2026-03-01T19:50:00Z'); // Sun 23:50, before the week
  await c3.outbound('2026-03-01T20:10:00Z', admin.user.userId); // Mon 00:10: answers a period opened before the week
  await c3.customer('2026-03-01T22:00:00Z'); // Mon 02:00, the same period

  await chatFrom(db, organizationId, '2026-03-08T20:10:00Z'); // Mon 03-09 00:10 in Dubai: after the week (Sunday in UTC)

  const c5 = await chatFrom(db, organizationId, '2026-03-07T06:00:00Z'); // Sat 10:00
  await c5.resolved('2026-03-07T08:00:00Z', null); // 120 min, unanswered

  return { admin, organizationId, a, b };
}

test('a week’s figures from a hand-built inbox: periods, first response and resolution times, messages and busiest hours in the organization’s time zone', async () => {
  const { admin, a, b } = await dubaiWeek();
  const week = await report(admin);

  expect(week).toMatchObject({ from: '2026-03-02', to: '2026-03-08', timeZone: 'Asia/Dubai' });
  expect(week.days).toEqual([
    { date: '2026-03-02', opened: 2, resolved: 1 },
    { date: '2026-03-03', opened: 1, resolved: 1 },
    { date: '2026-03-04', opened: 0, resolved: 0 },
    { date: '2026-03-05', opened: 0, resolved: 0 },
    { date: '2026-03-06', opened: 0, resolved: 0 },
    { date: '2026-03-07', opened: 1, resolved: 1 },
    { date: '2026-03-08', opened: 0, resolved: 0 },
  ]);
  // percentile_cont: the 90th of [10, 30, 50] lies 80 % of the way from 30 to 50.
  expect(week.firstResponse).toEqual({ medianMinutes: 30, p90Minutes: 46, count: 3 });
  expect(week.resolution).toEqual({ medianMinutes: 60, p90Minutes: 108, count: 3 });
  // In: c1 ×3, c2, c3's Monday message, c5. Out: c1's replies and broadcast, c2's reply, c3's Monday reply (notes aside).
  expect(week.messages).toEqual({ inbound: 6, outbound: 6 });

  const nonZero = week.busiestHours.flatMap((hours, weekday) => hours.flatMap((count, hour) => (count ? [{ weekday, hour, count }] : [])));
  expect(nonZero).toEqual([
    { weekday: 0, hour: 2, count: 1 },
    { weekday: 0, hour: 9, count: 2 },
    { weekday: 0, hour: 23, count: 1 },
    { weekday: 1, hour: 8, count: 1 },
    { weekday: 5, hour: 10, count: 1 },
  ]);

  const agents = new Map(week.agents!.map((agent) => [agent.userId, agent]));
  expect(agents.get(a)).toMatchObject({ assigned: 1, resolved: 2, medianFirstResponseMinutes: 20, medianResolutionMinutes: 60 });
  expect(agents.get(b)).toMatchObject({ assigned: 1, resolved: 0, medianFirstResponseMinutes: 50, medianResolutionMinutes: null });
  expect(agents.get(admin.user.userId)).toMatchObject({ assigned: 0, resolved: 0, medianFirstResponseMinutes: null, medianResolutionMinutes: null });
});

test('a day is the organization’s: the same messages fall on other days in UTC', async () => {
  const { admin } = await dubaiWeek();
  await setTimeZone(admin, 'UTC');
  const week = await report(admin);
  // c2 (19:30Z) stays on Monday; the message after the Dubai week (Sun 20:10Z) is Sunday's in UTC;
  // c3's first message (Sun 19:50Z) falls before the week, its reply too.
  expect(week.days.find((day) => day.date === '2026-03-08')).toEqual({ date: '2026-03-08', opened: 1, resolved: 0 });
  expect(week.days.find((day) => day.date === '2026-03-02')).toEqual({ date: '2026-03-02', opened: 2, resolved: 1 });
  expect(week.messages.inbound).toBe(6);
});

test('nothing to measure reads null, not zero', async () => {
  const admin = await signUpAdmin(t.app, { organizationName: 'Quiet reports' });
  const week = await report(admin);
  expect(week.firstResponse).toEqual({ medianMinutes: null, p90Minutes: null, count: 0 });
  expect(week.resolution).toEqual({ medianMinutes: null, p90Minutes: null, count: 0 });
  expect(week.busiestHours).toHaveLength(7);
  expect(week.busiestHours.every((hours) => hours.length === 24 && hours.every((count) => count === 0))).toBe(true);
});

test('without a range: the last seven days up to today in the organization’s time zone', async () => {
  const admin = await signUpAdmin(t.app, { organizationName: 'Default range' });
  await setTimeZone(admin, 'Pacific/Kiritimati'); // UTC+14: often already tomorrow
  const todayThere = () => wallTimeAt(new Date(), 'Pacific/Kiritimati').slice(0, 'YYYY-MM-DD'.length);
  // Read on both sides of the request: midnight there may fall between the two.
  const days = [todayThere()];
  const answer = await report(admin, '');
  days.push(todayThere());
  expect(days).toContain(answer.to);
  expect(answer.days).toHaveLength(7);
  expect(answer.days[6].date).toBe(answer.to);
});

test('resolving and assigning in the inbox is what the report counts', async () => {
  // Its customer writes now, which must be today's in the organization's zone.
  const admin = await signUpAdmin(t.app, { organizationName: 'Live reports', timeZone: zoneAwayFromMidnight() });
  const organizationId = admin.user.organization!.organizationId;
  const chat = await customerWrites(t.database.db, organizationId, { waId: customerNumber() });
  const assign = await admin.request({ method: 'PATCH', url: `/api/conversations/${chat.conversationId}/assign`, payload: { assignToUserId: admin.user.userId } });
  expect(assign.statusCode).toBe(200);
  const resolve = await admin.request({ method: 'PATCH', url: `/api/conversations/${chat.conversationId}/status`, payload: { status: 'resolved' } });
  expect(resolve.statusCode).toBe(200);

  const today = await report(admin, '');
  expect(today.days[6]).toMatchObject({ opened: 1, resolved: 1 });
  expect(today.resolution.count).toBe(1);
  expect(today.agents!.find((agent) => agent.userId === admin.user.userId)).toMatchObject({ assigned: 1, resolved: 1 });
});

test('another organization’s conversations are not counted', async () => {
  await dubaiWeek();
  const other = await signUpAdmin(t.app, { organizationName: 'Elsewhere' });
  const week = await report(other);
  expect(week.messages).toEqual({ inbound: 0, outbound: 0 });
  expect(week.days.every((day) => day.opened === 0 && day.resolved === 0)).toBe(true);
});

test('analytics:view opens the report; without analytics:view_advanced it has no per-agent figures; without analytics:view, 403', async () => {
  const admin = await signUpAdmin(t.app, { organizationName: 'Gated reports' });
  const organizationId = admin.user.organization!.organizationId;
  const viewer = await addMemberWith(t, organizationId, ['analytics:view']);
  expect(await report(viewer)).not.toHaveProperty('agents');
  const advanced = await addMemberWith(t, organizationId, ['analytics:view', 'analytics:view_advanced']);
  expect((await report(advanced)).agents).toEqual(expect.arrayContaining([expect.objectContaining({ userId: admin.user.userId })]));
  const agent = await addMemberWith(t, organizationId, ['chats:view', 'analytics:view_advanced', 'analytics:export']);
  expect((await agent.request({ method: 'GET', url: `/api/reports/inbox?${WEEK}` })).statusCode).toBe(403);
  expect((await viewer.request({ method: 'GET', url: `/api/reports/inbox.csv?${WEEK}` })).statusCode).toBe(403);
});

test.each([
  ['from=2026-3-2&to=2026-03-08', 'From must be a date (YYYY-MM-DD)'],
  ['from=2026-02-30&to=2026-03-08', 'From must be a date (YYYY-MM-DD)'],
  ['from=2026-03-02&to=tomorrow', 'To must be a date (YYYY-MM-DD)'],
  ['from=2026-03-09&to=2026-03-08', 'From must be on or before To'],
  ['from=2025-03-07&to=2026-03-08', 'Pick a range of at most 366 days'],
  ['from=2999-01-01', 'From must be on or before To'],
  ['from=2026-03-01&from=2026-03-02', 'From must be a date (YYYY-MM-DD)'],
])('a bad range (%s) is a 400 saying why', async (query, message) => {
  const admin = await signUpAdmin(t.app);
  const response = await admin.request({ method: 'GET', url: `/api/reports/inbox?${query}` });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ error: message });
});

test('a range of exactly 366 days is accepted', async () => {
  const admin = await signUpAdmin(t.app);
  expect((await report(admin, 'from=2025-03-08&to=2026-03-08')).days).toHaveLength(366);
});

test('the CSV export (analytics:export): one row per day and the range’s total', async () => {
  const { admin } = await dubaiWeek();
  const response = await admin.request({ method: 'GET', url: `/api/reports/inbox.csv?${WEEK}` });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/csv/);
  expect(response.headers['content-disposition']).toBe('attachment; filename="inbox-report-2026-03-02-to-2026-03-08.csv"');
  const lines = response.body.replace(/^\ufeff/, '').trim().split('\r\n');
  expect(lines[0]).toBe('Date,Conversations opened,Conversations resolved,Messages in,Messages out,Median first response (minutes),Median resolution (minutes)');
  expect(lines[1]).toBe('2026-03-02,2,1,4,3,30,60');
  expect(lines[2]).toBe('2026-03-03,1,1,1,3,30,60');
  expect(lines[4]).toBe('2026-03-05,0,0,0,0,,');
  expect(lines[6]).toBe('2026-03-07,1,1,1,0,,120');
  expect(lines[8]).toBe('Total,4,3,6,6,30,60');
  expect(lines).toHaveLength(9);
});
