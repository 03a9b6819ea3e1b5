import type { InboxMessage } from '../state/inbox-message';
import { groupPosition } from './message-groups';

function message(key: string, direction: InboxMessage['direction'], minute: number): InboxMessage {
  const at = new Date(Date.UTC(2026, 2, 20, 12, minute)).toISOString();
  return {
    id: key, clientId: null, contactId: 'c', conversationId: 'v', seq: minute, content: key, direction, messageType: 'text', status: 'sent',
    errorCode: null, errorMessage: null, sentAt: at, createdAt: at, mediaId: null, mediaUrl: null, mediaType: null, mediaSize: null,
    mediaDuration: null, mediaFileName: null,
  };
}

test('groups same-direction messages within 5 minutes of each other', () => {
  const list = [message('a', 'inbound', 0), message('b', 'inbound', 5), message('c', 'inbound', 11), message('d', 'outbound', 12), message('e', 'outbound', 13)];
  expect(list.map((m, i) => [m.id, groupPosition(list, i)])).toEqual([
    ['a', { startsGroup: true, endsGroup: false }],
    ['b', { startsGroup: false, endsGroup: true }],
    ['c', { startsGroup: true, endsGroup: true }],
    ['d', { startsGroup: true, endsGroup: false }],
    ['e', { startsGroup: false, endsGroup: true }],
  ]);
});
