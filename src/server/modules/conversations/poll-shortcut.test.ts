/** @jest-environment node */
import { addMemberWith } from '../../testing/fixtures';
import { appWithAdminForFile } from '../../testing/test-app';
import { customerNumber, customerWrites } from './inbox-test-fixtures';
import { readChanges } from './message-feed-repository';

// The poll's own read of the conversation's changes, counted (it still reads the database).
jest.mock('./message-feed-repository', () => {
  const actual = jest.requireActual<typeof import('./message-feed-repository')>('./message-feed-repository');
  return { ...actual, readChanges: jest.fn(actual.readChanges) };
});

/**
 * The poll's shortcut: a poll at the conversation's current counter is answered from the head the
 * session lookup read along, with no read of its own; any other poll reads the changes.
 */

const suite = appWithAdminForFile();
const readsOfChanges = jest.mocked(readChanges);

const poll = (member: { request: typeof suite.admin.request }, conversationId: string, cursor: number) =>
  member.request({ method: 'GET', url: `/api/conversations/${conversationId}/messages/poll?cursor=${cursor}` });

test('a poll with nothing new reads no changes; one behind the counter does', async () => {
  const written = await customerWrites(suite.t.database.db, suite.organizationId, { waId: customerNumber() });
  const first = await poll(suite.admin, written.conversationId, 0);
  expect(first.json<{ messages: unknown[] }>().messages).toHaveLength(1);
  const { cursor } = first.json<{ cursor: number }>();

  readsOfChanges.mockClear();
  const empty = await poll(suite.admin, written.conversationId, cursor);
  expect(empty.statusCode).toBe(200);
  expect(empty.json()).toEqual({ messages: [], cursor });
  expect(readsOfChanges).not.toHaveBeenCalled();

  const behind = await poll(suite.admin, written.conversationId, cursor - 1);
  expect(behind.json<{ messages: unknown[] }>().messages).toHaveLength(1);
  expect(readsOfChanges).toHaveBeenCalledTimes(1);
});

test('the head read along keeps the visibility rule: another agent\'s conversation is not found, even with nothing new', async () => {
  const agent = await addMemberWith(suite.t, suite.organizationId, ['chats:view', 'messages:view']);
  const otherAgent = await addMemberWith(suite.t, suite.organizationId, ['chats:view', 'messages:view']);
  const written = await customerWrites(suite.t.database.db, suite.organizationId, { waId: customerNumber() });
  const assigned = await suite.admin.request({
    method: 'PATCH', url: `/api/conversations/${written.conversationId}/assign`, payload: { assignToUserId: agent.user.userId },
  });
  expect(assigned.statusCode).toBe(200);
  const { cursor } = (await poll(agent, written.conversationId, 0)).json<{ cursor: number }>();

  readsOfChanges.mockClear();
  expect((await poll(agent, written.conversationId, cursor)).json()).toEqual({ messages: [], cursor });
  expect((await poll(otherAgent, written.conversationId, cursor)).statusCode).toBe(404);
  expect(readsOfChanges).not.toHaveBeenCalled();
});
