/** @jest-environment node */
import http from 'node:http';
import { and, eq, sql } from 'drizzle-orm';
import type { Conversation } from '@shared/api/conversations';
import { memberPresence } from '../../db/schema';
import { addMemberWith } from '../../testing/fixtures';
import { createListeningTestApp, organizationOf, signUpAdmin, type Member, type TestApp } from '../../testing/test-app';
import { recordStreamSeen } from '../member-presence';
import { customerNumber, customerWrites, type Written } from './inbox-test-fixtures';

let t: TestApp;
let port: number;

beforeAll(async () => {
  ({ t, port } = await createListeningTestApp({ liveHeartbeatMs: 200 }));
});

afterAll(async () => {
  await t.close();
});

const db = () => t.database.db;
const AGENT = ['chats:view', 'chats:respond'] as const;

interface Team {
  admin: Member;
  organizationId: string;
}

/** A new organization whose Admin turned auto-assignment on with this cap. */
async function teamWithAutoAssignment(cap = 10): Promise<Team> {
  const admin = await signUpAdmin(t.app, { organizationName: 'Round Robin Trading' });
  const changed = await admin.request({ method: 'PATCH', url: '/api/organization/settings', payload: { autoAssign: { enabled: true, cap } } });
  expect(changed.statusCode).toBe(200);
  return { admin, organizationId: organizationOf(admin) };
}

/** An agent with an inbox open (their live stream just seen), Available unless they switched. */
async function presentAgent(team: Team, name: string, permissions: readonly (typeof AGENT)[number][] = AGENT): Promise<Member> {
  const agent = await addMemberWith(t, team.organizationId, [...permissions]);
  await t.database.db.execute(sql`update users set name = ${name} where id = ${agent.user.userId}::uuid`);
  await recordStreamSeen(db(), team.organizationId, agent.user.userId);
  return { ...agent, user: { ...agent.user, name } };
}

async function newCustomerWrites(team: Team): Promise<Written> {
  return customerWrites(db(), team.organizationId, { waId: customerNumber() }, 'Hello, is anyone there?');
}

async function assigneeOf(team: Team, conversationId: string): Promise<string | null> {
  const response = await team.admin.request({ method: 'GET', url: `/api/conversations/${conversationId}` });
  expect(response.statusCode).toBe(200);
  return response.json<{ conversation: Conversation }>().conversation.assignedTo;
}

/** The contact's timeline entries about assignment. */
async function assignmentNotes(team: Team, contactId: string): Promise<Array<{ content: string; userId: string | null }>> {
  const response = await team.admin.request({ method: 'GET', url: `/api/contacts/${contactId}/notes` });
  return response.json<{ data: Array<{ type: string; content: string; userId: string | null }> }>().data
    .filter((note) => note.type === 'system' && note.content.startsWith('Assigned'))
    .map(({ content, userId }) => ({ content, userId }));
}

async function setPresence(team: Team, member: Member, values: Partial<typeof memberPresence.$inferInsert>): Promise<void> {
  await db().update(memberPresence).set(values)
    .where(and(eq(memberPresence.organizationId, team.organizationId), eq(memberPresence.userId, member.user.userId)));
}

it('leaves new conversations unassigned while the setting is off (the default)', async () => {
  const admin = await signUpAdmin(t.app);
  const team = { admin, organizationId: organizationOf(admin) };
  await presentAgent(team, 'Omar Agent');
  const written = await newCustomerWrites(team);
  expect(await assigneeOf(team, written.conversationId)).toBeNull();
});

it('hands new conversations round-robin to the available agents and writes the system note on each', async () => {
  const team = await teamWithAutoAssignment();
  await presentAgent(team, 'Aisha');
  await presentAgent(team, 'Bilal');
  await presentAgent(team, 'Chen');
  const written: Written[] = [];
  for (let i = 0; i < 6; i += 1) written.push(await newCustomerWrites(team));
  const assignees = await Promise.all(written.map((w) => assigneeOf(team, w.conversationId)));
  expect(assignees).toEqual(['Aisha', 'Bilal', 'Chen', 'Aisha', 'Bilal', 'Chen']);
  expect(await assignmentNotes(team, written[1].contactId)).toEqual([{ content: 'Assigned to Bilal by auto-assignment', userId: null }]);
});

it('comes back to whoever was assigned least recently when the team changes', async () => {
  const team = await teamWithAutoAssignment();
  await presentAgent(team, 'Aisha');
  const first = await newCustomerWrites(team);
  await presentAgent(team, 'Bilal');
  const rest = [await newCustomerWrites(team), await newCustomerWrites(team)];
  expect(await assigneeOf(team, first.conversationId)).toBe('Aisha');
  expect(await Promise.all(rest.map((w) => assigneeOf(team, w.conversationId)))).toEqual(['Bilal', 'Aisha']);
});

it('respects the cap: an agent holding that many open conversations is passed over, and nobody left means unassigned', async () => {
  const team = await teamWithAutoAssignment(2);
  const aisha = await presentAgent(team, 'Aisha');
  await presentAgent(team, 'Bilal');
  const written: Written[] = [];
  for (let i = 0; i < 5; i += 1) written.push(await newCustomerWrites(team));
  expect(await Promise.all(written.map((w) => assigneeOf(team, w.conversationId)))).toEqual(['Aisha', 'Bilal', 'Aisha', 'Bilal', null]);

  // A resolved conversation no longer counts against the cap.
  const resolved = await aisha.request({ method: 'PATCH', url: `/api/conversations/${written[0].conversationId}/status`, payload: { status: 'resolved' } });
  expect(resolved.statusCode).toBe(200);
  const next = await newCustomerWrites(team);
  expect(await assigneeOf(team, next.conversationId)).toBe('Aisha');
});

it('skips agents who are Away, whose stream was last seen over 5 minutes ago, who never opened one, or who cannot respond', async () => {
  const team = await teamWithAutoAssignment();
  const away = await presentAgent(team, 'Away Agent');
  const switched = await away.request({ method: 'PUT', url: '/api/me/availability', payload: { availability: 'away' } });
  expect(switched.json()).toEqual({ availability: 'away' });
  const stale = await presentAgent(team, 'Stale Agent');
  await setPresence(team, stale, { lastStreamSeenAt: new Date(Date.now() - 6 * 60_000) });
  await addMemberWith(t, team.organizationId, [...AGENT]);
  await presentAgent(team, 'Viewer Only', ['chats:view']);

  const nobody = await newCustomerWrites(team);
  expect(await assigneeOf(team, nobody.conversationId)).toBeNull();
  expect(await assignmentNotes(team, nobody.contactId)).toEqual([]);

  await presentAgent(team, 'Present Agent');
  await setPresence(team, stale, { lastStreamSeenAt: new Date(Date.now() - 4 * 60_000) });
  const written = [await newCustomerWrites(team), await newCustomerWrites(team), await newCustomerWrites(team)];
  expect(await Promise.all(written.map((w) => assigneeOf(team, w.conversationId)))).toEqual(['Stale Agent', 'Present Agent', 'Stale Agent']);

  // Back to Available: in the rotation again.
  expect((await away.request({ method: 'PUT', url: '/api/me/availability', payload: { availability: 'available' } })).statusCode).toBe(200);
  expect(await assigneeOf(team, (await newCustomerWrites(team)).conversationId)).toBe('Away Agent');
});

it('assigns a resolved conversation the customer reopens, and leaves open or assigned ones with whoever has them', async () => {
  const team = await teamWithAutoAssignment();
  const aisha = await presentAgent(team, 'Aisha');
  const waId = customerNumber();
  // Written while nobody was there: an open, unassigned conversation stays so when the customer writes again.
  await setPresence(team, aisha, { availability: 'away' });
  const first = await customerWrites(db(), team.organizationId, { waId }, 'Hello?');
  await setPresence(team, aisha, { availability: 'available' });
  await customerWrites(db(), team.organizationId, { waId }, 'Still there?');
  expect(await assigneeOf(team, first.conversationId)).toBeNull();

  const resolve = await team.admin.request({ method: 'PATCH', url: `/api/conversations/${first.conversationId}/status`, payload: { status: 'resolved' } });
  expect(resolve.statusCode).toBe(200);
  await customerWrites(db(), team.organizationId, { waId }, 'One more question');
  const reopened = (await team.admin.request({ method: 'GET', url: `/api/conversations/${first.conversationId}` })).json<{ conversation: Conversation }>().conversation;
  expect(reopened).toMatchObject({ status: 'open', assignedTo: 'Aisha' });
  expect(await assignmentNotes(team, first.contactId)).toEqual([{ content: 'Assigned to Aisha by auto-assignment', userId: null }]);

  // Resolved while assigned: reopening keeps the assignee, whoever's turn it is.
  await presentAgent(team, 'Bilal');
  await aisha.request({ method: 'PATCH', url: `/api/conversations/${first.conversationId}/status`, payload: { status: 'resolved' } });
  await customerWrites(db(), team.organizationId, { waId }, 'And another');
  expect(await assigneeOf(team, first.conversationId)).toBe('Aisha');
});

/** Waits until the member's stream has been recorded as seen after `since`. */
async function seenAfter(member: Member, since: Date): Promise<void> {
  for (let waited = 0; ; waited += 50) {
    const [row] = await db().select().from(memberPresence).where(eq(memberPresence.userId, member.user.userId));
    if (row?.lastStreamSeenAt && row.lastStreamSeenAt > since) return;
    if (waited > 5_000) throw new Error('the stream was never recorded as seen');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it("counts a member whose inbox is open (their live stream, seen when it opens and on its heartbeats) as present", async () => {
  const team = await teamWithAutoAssignment();
  const agent = await addMemberWith(t, team.organizationId, [...AGENT]);
  const before = await newCustomerWrites(team);
  expect(await assigneeOf(team, before.conversationId)).toBeNull();

  const request = http.get({ host: '127.0.0.1', port, path: '/api/events', headers: { cookie: agent.cookie } });
  try {
    await new Promise<void>((resolve, reject) => {
      request.on('response', (response) => (response.statusCode === 200 ? resolve() : reject(new Error(`stream answered ${response.statusCode}`))));
      request.on('error', reject);
    });
    await seenAfter(agent, new Date(0));
    const after = await newCustomerWrites(team);
    expect(await assigneeOf(team, after.conversationId)).toBe(agent.user.name);

    // Seen 6 minutes ago, as if the process had stopped counting: the stream's next heartbeat brings it back.
    const stale = new Date(Date.now() - 6 * 60_000);
    await setPresence(team, agent, { lastStreamSeenAt: stale });
    await seenAfter(agent, stale);
    const later = await newCustomerWrites(team);
    expect(await assigneeOf(team, later.conversationId)).toBe(agent.user.name);
  } finally {
    request.destroy();
  }
});

it('notes streams seen together (several tabs, a team reconnecting) in one go, each member present', async () => {
  const team = await teamWithAutoAssignment();
  const [first, second] = [await addMemberWith(t, team.organizationId, [...AGENT]), await addMemberWith(t, team.organizationId, [...AGENT])];
  const stale = new Date(Date.now() - 6 * 60_000);
  await Promise.all([first, second].map((member) => recordStreamSeen(db(), team.organizationId, member.user.userId)));
  await setPresence(team, first, { lastStreamSeenAt: stale });
  await setPresence(team, second, { lastStreamSeenAt: stale });
  // The same member twice in one statement (two tabs) as well as two members.
  await Promise.all([first, first, second].map((member) => recordStreamSeen(db(), team.organizationId, member.user.userId)));
  await seenAfter(first, stale);
  await seenAfter(second, stale);
  const written = [await newCustomerWrites(team), await newCustomerWrites(team)];
  const assignees = await Promise.all(written.map((w) => assigneeOf(team, w.conversationId)));
  expect(new Set(assignees)).toEqual(new Set([first.user.name, second.user.name]));
});
