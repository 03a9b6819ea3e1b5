/** @jest-environment node */
import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { ALL_PERMISSIONS, type Permission } from '@shared/permissions/catalogue';
import { uuidv7 } from '../../lib/ids';
import { addMemberWith } from '../../testing/fixtures';
import { appWithAdminForFile, signUpAdmin } from '../../testing/test-app';
import { customerNumber, customerWrites } from './inbox-test-fixtures';
import { insertMediaFiles } from '../media/media-files-repository';

/**
 * The inbox's permission matrix: every endpoint answers 403 to a member whose role holds every
 * permission but the one(s) it needs, lets in a member holding any one of them, and answers 404 to
 * another organization's member naming this organization's records.
 */

interface Records {
  conversationId: string;
  contactId: string;
  mediaId: string;
  assigneeId: string;
}

interface Endpoint {
  name: string;
  /** Any one of these lets the caller in. */
  needs: Permission[];
  request(records: Records): InjectOptions;
  namesRecords: boolean;
}

const ENDPOINTS: Endpoint[] = [
  { name: 'GET /conversations', needs: ['chats:view'], namesRecords: false, request: () => ({ method: 'GET', url: '/api/conversations' }) },
  {
    name: 'GET /conversations/status/counts', needs: ['chats:view'], namesRecords: false,
    request: () => ({ method: 'GET', url: '/api/conversations/status/counts' }),
  },
  {
    name: 'GET /conversations/assignment/counts', needs: ['chats:view_all'], namesRecords: false,
    request: () => ({ method: 'GET', url: '/api/conversations/assignment/counts' }),
  },
  {
    name: 'GET /conversations/contact/:contactId', needs: ['chats:view'], namesRecords: true,
    request: (r) => ({ method: 'GET', url: `/api/conversations/contact/${r.contactId}` }),
  },
  { name: 'GET /conversations/:id', needs: ['chats:view'], namesRecords: true, request: (r) => ({ method: 'GET', url: `/api/conversations/${r.conversationId}` }) },
  {
    name: 'GET /conversations/:id/messages', needs: ['messages:view'], namesRecords: true,
    request: (r) => ({ method: 'GET', url: `/api/conversations/${r.conversationId}/messages` }),
  },
  {
    name: 'GET /conversations/:id/messages/poll', needs: ['messages:view'], namesRecords: true,
    request: (r) => ({ method: 'GET', url: `/api/conversations/${r.conversationId}/messages/poll?cursor=0` }),
  },
  {
    name: 'POST /conversations/:id/messages', needs: ['messages:send', 'chats:respond'], namesRecords: true,
    request: (r) => ({ method: 'POST', url: `/api/conversations/${r.conversationId}/messages`, payload: { content: 'Hi', clientId: randomUUID() } }),
  },
  {
    name: 'POST /conversations/:id/messages/template', needs: ['messages:send', 'chats:respond'], namesRecords: true,
    request: (r) => ({
      method: 'POST', url: `/api/conversations/${r.conversationId}/messages/template`, payload: { templateId: randomUUID(), parameters: [], clientId: randomUUID() },
    }),
  },
  {
    name: 'POST /conversations/:id/notes', needs: ['messages:send', 'chats:respond'], namesRecords: true,
    request: (r) => ({ method: 'POST', url: `/api/conversations/${r.conversationId}/notes`, payload: { content: 'Called them back' } }),
  },
  {
    name: 'GET /conversations/:id/mentionable', needs: ['messages:view'], namesRecords: true,
    request: (r) => ({ method: 'GET', url: `/api/conversations/${r.conversationId}/mentionable` }),
  },
  { name: 'PATCH /conversations/:id/read', needs: ['chats:view'], namesRecords: true, request: (r) => ({ method: 'PATCH', url: `/api/conversations/${r.conversationId}/read` }) },
  {
    name: 'PATCH /conversations/:id/assign', needs: ['chats:assign', 'chats:respond'], namesRecords: true,
    request: (r) => ({ method: 'PATCH', url: `/api/conversations/${r.conversationId}/assign`, payload: { assignToUserId: r.assigneeId } }),
  },
  {
    name: 'PATCH /conversations/:id/unassign', needs: ['chats:assign'], namesRecords: true,
    request: (r) => ({ method: 'PATCH', url: `/api/conversations/${r.conversationId}/unassign` }),
  },
  {
    name: 'PATCH /conversations/:id/status', needs: ['chats:manage', 'chats:respond'], namesRecords: true,
    request: (r) => ({ method: 'PATCH', url: `/api/conversations/${r.conversationId}/status`, payload: { status: 'in_progress' } }),
  },
  { name: 'GET /media/:id/url', needs: ['messages:view'], namesRecords: true, request: (r) => ({ method: 'GET', url: `/api/media/${r.mediaId}/url` }) },
  {
    name: 'GET /media/:id/content', needs: ['messages:view'], namesRecords: true,
    request: (r) => ({ method: 'GET', url: `/api/media/${r.mediaId}/content?expires=${Math.floor(Date.now() / 1000) + 600}&signature=x` }),
  },
  {
    name: 'POST /media/upload', needs: ['messages:send', 'chats:respond'], namesRecords: false,
    request: () => ({ method: 'POST', url: '/api/media/upload', payload: '--x--\r\n', headers: { 'content-type': 'multipart/form-data; boundary=x' } }),
  },
  {
    name: 'POST /media/template-header', needs: ['broadcasts:create', 'messages:send', 'chats:respond'], namesRecords: false,
    request: () => ({ method: 'POST', url: '/api/media/template-header', payload: '--x--\r\n', headers: { 'content-type': 'multipart/form-data; boundary=x' } }),
  },
  { name: 'DELETE /media/:id', needs: ['messages:send'], namesRecords: true, request: (r) => ({ method: 'DELETE', url: `/api/media/${r.mediaId}` }) },
  {
    name: 'GET /automation/agents', needs: ['chats:assign', 'automation:view', 'broadcasts:create'], namesRecords: false,
    request: () => ({ method: 'GET', url: '/api/automation/agents' }),
  },
];

const suite = appWithAdminForFile();

/** Fresh records for each call (a call may change them: assign, delete). */
async function records(): Promise<Records> {
  const written = await customerWrites(suite.t.database.db, suite.organizationId, { waId: customerNumber() });
  const mediaId = uuidv7();
  await insertMediaFiles(suite.t.database.db, [{ id: mediaId, organizationId: suite.organizationId, contactId: written.contactId, mimeType: 'image/png', storageKey: null }]);
  return { conversationId: written.conversationId, contactId: written.contactId, mediaId, assigneeId: suite.admin.user.userId };
}

test('the route table lists every inbox endpoint of this matrix', () => {
  const inbox = suite.t.app.routeAccess
    .filter((route) => /^\/api\/(conversations|media|automation\/agents)/.test(route.url))
    .map((route) => `${route.method} ${route.url.replace(/^\/api/, '')}`);
  expect(inbox.sort()).toEqual(ENDPOINTS.map((endpoint) => endpoint.name).sort());
});

test.each(ENDPOINTS)('$name: 403 without its permission, in with any one of them', async (endpoint) => {
  const lacking = await addMemberWith(suite.t, suite.organizationId, ALL_PERMISSIONS.filter((p) => !endpoint.needs.includes(p)));
  const refused = await lacking.request(endpoint.request(await records()));
  expect({ status: refused.statusCode, body: refused.json() }).toEqual({ status: 403, body: { error: "You don't have permission to do that" } });
  for (const permission of endpoint.needs) {
    const holder = await addMemberWith(suite.t, suite.organizationId, [permission]);
    const response = await holder.request(endpoint.request(await records()));
    // Past the access check: whatever the endpoint answers next (a link's bad signature is a 403 of its own).
    expect({ permission, body: response.json() }).not.toEqual({ permission, body: { error: "You don't have permission to do that" } });
    expect(response.statusCode).toBeLessThan(500);
  }
});

test.each(ENDPOINTS.filter((endpoint) => endpoint.namesRecords))('$name: another organization\'s records answer 404', async (endpoint) => {
  const foreign = await signUpAdmin(suite.t.app, { organizationName: 'Foreign Fragrances' });
  const response = await foreign.request(endpoint.request(await records()));
  expect(response.statusCode).toBe(404);
});

test('polls and session checks that arrive together are each answered for their own caller', async () => {
  const agent = await addMemberWith(suite.t, suite.organizationId, ['chats:view', 'messages:view']);
  const otherAgent = await addMemberWith(suite.t, suite.organizationId, ['chats:view', 'messages:view']);
  const foreign = await signUpAdmin(suite.t.app, { organizationName: 'Foreign Florists' });
  const assigned = await records();
  const unassigned = await records();
  const assign = await suite.admin.request({ method: 'PATCH', url: `/api/conversations/${assigned.conversationId}/assign`, payload: { assignToUserId: agent.user.userId } });
  expect(assign.statusCode).toBe(200);
  const cursorOf = async (conversationId: string) =>
    (await suite.admin.request({ method: 'GET', url: `/api/conversations/${conversationId}/messages/poll?cursor=0` })).json<{ cursor: number }>().cursor;
  const current = { [assigned.conversationId]: await cursorOf(assigned.conversationId), [unassigned.conversationId]: await cursorOf(unassigned.conversationId) };

  // Who sees what: the assignee and the admin see the assigned chat, the other agent does not, nobody
  // outside the organization sees either; at the current cursor nothing is new, at 0 the customer's message is.
  const cases = [
    { who: 'agent', member: agent, conversationId: assigned.conversationId, status: 200 },
    { who: 'other agent', member: otherAgent, conversationId: assigned.conversationId, status: 404 },
    { who: 'admin', member: suite.admin, conversationId: assigned.conversationId, status: 200 },
    { who: 'foreign admin', member: foreign, conversationId: assigned.conversationId, status: 404 },
    { who: 'other agent', member: otherAgent, conversationId: unassigned.conversationId, status: 200 },
    { who: 'foreign admin', member: foreign, conversationId: unassigned.conversationId, status: 404 },
  ].flatMap((c) => [{ ...c, cursor: current[c.conversationId], news: 0 }, { ...c, cursor: 0, news: 1 }]);
  const members = [agent, otherAgent, suite.admin, foreign];

  const [polls, checks] = await Promise.all([
    Promise.all(cases.map((c) => c.member.request({ method: 'GET', url: `/api/conversations/${c.conversationId}/messages/poll?cursor=${c.cursor}` }))),
    Promise.all(members.map((member) => member.request({ method: 'GET', url: '/api/auth/verify' }))),
  ]);
  expect(polls.map((answer, i) => ({ ...cases[i], member: undefined, status: answer.statusCode, news: answer.statusCode === 200 ? answer.json<{ messages: unknown[] }>().messages.length : 0 })))
    .toEqual(cases.map((c) => ({ ...c, member: undefined, news: c.status === 200 ? c.news : 0 })));
  expect(checks.map((answer) => answer.json<{ user: { userId: string } }>().user.userId)).toEqual(members.map((member) => member.user.userId));
});
