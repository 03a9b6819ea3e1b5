import type { Message } from '@shared/api/conversations';
import { cacheFromPage, orderedMessages } from '../state/message-cache';
import { withSortKey } from '../testing/sort-key';
import { groupPosition } from './message-groups';

function message(key: string, direction: Message['direction'], minute: number, day = 20): Message {
  // Local time: a day starts at the user's midnight.
  const at = new Date(2026, 2, day, 12, minute).toISOString();
  return withSortKey({
    id: key, clientId: null, contactId: 'c', conversationId: 'v', seq: minute, content: key, direction, messageType: 'text', status: 'sent',
    errorCode: null, errorMessage: null, sentAt: at, createdAt: at, mediaId: null, mediaUrl: null, mediaType: null, mediaSize: null,
    mediaDuration: null, mediaFileName: null,
  });
}

test('groups same-direction messages within 5 minutes of each other', () => {
  const list = [message('a', 'inbound', 0), message('b', 'inbound', 5), message('c', 'inbound', 11), message('d', 'outbound', 12), message('e', 'outbound', 13)];
  expect(list.map((m, i) => [m.id, groupPosition(list, i)])).toEqual([
    ['a', { startsGroup: true, endsGroup: false, startsDay: true }],
    ['b', { startsGroup: false, endsGroup: true, startsDay: false }],
    ['c', { startsGroup: true, endsGroup: true, startsDay: false }],
    ['d', { startsGroup: true, endsGroup: false, startsDay: false }],
    ['e', { startsGroup: false, endsGroup: true, startsDay: false }],
  ]);
});

test('starts a day at the first message held and at each change of calendar day, which also ends a group', () => {
  // 23:58 and 00:01 are three minutes apart but on two days: the separator between them splits the group.
  const list = [message('a', 'inbound', 0, 19), message('b', 'inbound', 718, 19), message('c', 'inbound', 721, 19), message('d', 'inbound', 30, 21)];
  expect(list.map((m, i) => [m.id, groupPosition(list, i)])).toEqual([
    ['a', { startsGroup: true, endsGroup: true, startsDay: true }],
    ['b', { startsGroup: true, endsGroup: true, startsDay: false }],
    ['c', { startsGroup: true, endsGroup: true, startsDay: true }],
    ['d', { startsGroup: true, endsGroup: true, startsDay: true }],
  ]);
});

test("separators follow the shown order: a late message from yesterday, stored after today's, is headed with yesterday's", () => {
  const late = withSortKey({ ...message('late', 'inbound', 20, 19), seq: 99, sortKey: undefined });
  const page = { data: [message('today', 'inbound', 0, 20), message('yesterday', 'inbound', 10, 19), late], hasMore: false, cursor: 99 };
  const shown = orderedMessages(cacheFromPage(page));
  expect(shown.map((m, i) => [m.id, groupPosition(shown, i).startsDay])).toEqual([['yesterday', true], ['late', false], ['today', true]]);
});
