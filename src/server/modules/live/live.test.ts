/** @jest-environment node */
import http from 'node:http';
import type { LiveNudge } from '@shared/api/live';
import { addMemberWith } from '../../testing/fixtures';
import { readNudges } from '../../testing/nudge-reader';
import { createListeningTestApp, organizationOf, signUpAdmin, type Member, type TestApp } from '../../testing/test-app';
import { customerNumber, customerWrites } from '../conversations/inbox-test-fixtures';

/** A member's live stream over a real connection: the nudges it receives, and whether it has ended. */
interface Stream {
  status: number;
  nudges: LiveNudge[];
  ended: boolean;
  close(): void;
}

let t: TestApp;
let port: number;
const streams: Stream[] = [];

beforeAll(async () => {
  ({ t, port } = await createListeningTestApp({ liveHeartbeatMs: 200 }));
});
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});
afterAll(async () => {
  await t.close();
});

function openStream(member: Member | null, headers: Record<string, string> = {}): Promise<Stream> {
  return new Promise((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/api/events', headers: { ...(member && { cookie: member.cookie }), ...headers } }, (response) => {
      const stream: Stream = { status: response.statusCode ?? 0, nudges: [], ended: false, close: () => request.destroy() };
      streams.push(stream);
      readNudges(response, (nudge) => stream.nudges.push(nudge));
      response.on('end', () => (stream.ended = true));
      response.on('close', () => (stream.ended = true));
      resolve(stream);
    });
    request.on('error', () => undefined);
  });
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (let waited = 0; !condition(); waited += 20) {
    if (waited > 5_000) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

it('tells each member, within moments, of changes to the conversations they may see, and of nothing else', async () => {
  const admin = await signUpAdmin(t.app);
  const organizationId = organizationOf(admin);
  const agent = await addMemberWith(t, organizationId, ['chats:view']);
  const colleague = await addMemberWith(t, organizationId, ['chats:view']);
  const stranger = await signUpAdmin(t.app);
  const [adminStream, agentStream, strangerStream] = await Promise.all([openStream(admin), openStream(agent), openStream(stranger)]);
  expect([adminStream.status, agentStream.status, strangerStream.status]).toEqual([200, 200, 200]);

  // A new customer writes: an unassigned conversation, which every member of the organization sees.
  const waId = customerNumber();
  const written = await customerWrites(t.database.db, organizationId, { waId }, 'Is the blue one in stock?');
  await until(() => agentStream.nudges.some((n) => n.conversationId === written.conversationId && n.kind === 'message'), "the agent's nudge");
  expect(adminStream.nudges.map((n) => n.conversationId)).toContain(written.conversationId);
  const nudge = agentStream.nudges.find((n) => n.kind === 'message')!;
  expect(Object.keys(nudge).sort()).toEqual(['conversationId', 'counter', 'kind']);
  expect(nudge.counter).toBeGreaterThan(0);

  // Assigned to the colleague: the agent hears it leave the unassigned pool, and then nothing more of it.
  const assigned = await admin.request({ method: 'PATCH', url: `/api/conversations/${written.conversationId}/assign`, payload: { assignToUserId: colleague.user.userId } });
  expect(assigned.statusCode).toBe(200);
  await until(() => agentStream.nudges.some((n) => n.kind === 'assignment'), 'the assignment nudge');
  const heardBefore = agentStream.nudges.length;
  await customerWrites(t.database.db, organizationId, { waId }, 'Hello again?');
  await until(() => adminStream.nudges.filter((n) => n.conversationId === written.conversationId && n.kind === 'message').length >= 2, "the admin's second nudge");
  await settle();
  expect(agentStream.nudges.slice(heardBefore).filter((n) => n.conversationId === written.conversationId)).toEqual([]);
  expect(strangerStream.nudges).toEqual([]);
});

it('tells a thread note\'s mention only to the members it mentions, once the note is stored', async () => {
  const admin = await signUpAdmin(t.app);
  const organizationId = organizationOf(admin);
  const agent = await addMemberWith(t, organizationId, ['chats:view', 'messages:view', 'chats:respond']);
  const colleague = await addMemberWith(t, organizationId, ['chats:view', 'messages:view', 'chats:respond']);
  const [adminStream, agentStream, colleagueStream] = await Promise.all([openStream(admin), openStream(agent), openStream(colleague)]);
  const { conversationId } = await customerWrites(t.database.db, organizationId, { waId: customerNumber() }, 'Can someone call me?');

  const note = await admin.request({ method: 'POST', url: `/api/conversations/${conversationId}/notes`, payload: { content: '@agent please call', mentions: [agent.user.userId] } });
  expect(note.statusCode).toBe(201);
  await until(() => agentStream.nudges.some((n) => n.kind === 'mention'), "the agent's mention");
  // Everyone who sees the conversation hears the note arrive (its counter moved); only the agent hears the mention.
  await until(() => colleagueStream.nudges.some((n) => n.conversationId === conversationId && n.kind === 'status'), "the colleague's nudge");
  await settle();
  expect(agentStream.nudges.filter((n) => n.kind === 'mention')).toEqual([{ conversationId, counter: expect.any(Number), kind: 'mention' }]);
  expect([...adminStream.nudges, ...colleagueStream.nudges].filter((n) => n.kind === 'mention')).toEqual([]);

  // A refused note (a mention of someone who cannot see the conversation) announces nothing.
  const heard = agentStream.nudges.length;
  const stranger = await signUpAdmin(t.app);
  const refused = await admin.request({
    method: 'POST', url: `/api/conversations/${conversationId}/notes`, payload: { content: 'Hi', mentions: [agent.user.userId, stranger.user.userId] },
  });
  expect(refused.statusCode).toBe(422);
  await settle();
  expect(agentStream.nudges.slice(heard)).toEqual([]);
});

it('refuses a stream to no session (401) and to another site (403)', async () => {
  const admin = await signUpAdmin(t.app);
  expect((await openStream(null)).status).toBe(401);
  expect((await openStream(admin, { origin: 'https://evil.example' })).status).toBe(403);
  expect((await openStream(admin, { origin: 'http://localhost:3000' })).status).toBe(200);
});

it('ends the stream when its session ends', async () => {
  const admin = await signUpAdmin(t.app);
  const stream = await openStream(admin);
  expect(stream.status).toBe(200);
  expect((await admin.request({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBeLessThan(300);
  await until(() => stream.ended, 'the stream to end');
});
