import { act, screen, waitFor, within } from '@testing-library/react';
import type { Permission } from '@shared/permissions/catalogue';
import { sessionUser } from '@client/testing/fixtures';
import { FakeStream } from './testing/fake-live';
import { aishaAndOmar, batchOf, conversation, minutesAgo, mockInbox, page, type InboxSetup, type RequestLog } from './testing/inbox-api';
import { renderInbox } from './testing/render-inbox';

const me = sessionUser().userId;
const { aisha, omar } = aishaAndOmar();

const wait = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));
const listRefetches = (log: RequestLog) => log.filter((entry) => /^GET \/conversations\?(?!ids=)/.test(entry)).length;
const byIdsRequests = (log: RequestLog) => log.filter((entry) => entry.startsWith('GET /conversations?ids='));
const statusCounts = (log: RequestLog) => log.filter((entry) => entry.startsWith('GET /conversations/status/counts')).length;

/** The names the list shows, top to bottom. */
function rowNames(): string[] {
  const list = screen.getByRole('list', { name: 'Conversations' });
  return within(list).getAllByRole('link').map((row) => ['Aisha Khan', 'Omar Haddad', 'Layla Nasser'].find((name) => row.textContent?.includes(name)) ?? '?');
}

/** The inbox with its live stream open and its list loaded. */
async function liveInbox(setup: InboxSetup, route = '/conversations', permissions?: readonly Permission[]) {
  const log = mockInbox(setup);
  const stream = new FakeStream();
  renderInbox(route, permissions, 'desktop', { openEventStream: () => stream });
  await screen.findByText('Aisha Khan');
  stream.emit('open');
  await wait(50);
  return { log, stream, listsBefore: listRefetches(log) };
}

describe("the list's answer to a nudge", () => {
  it('reads only the nudged conversation, updates its row in place and moves it to the top', async () => {
    const omarWrote = { ...omar, unreadCount: 2, lastMessageAt: minutesAgo(0), lastMessage: { ...omar.lastMessage!, content: 'Are you open today?', sentAt: minutesAgo(0) } };
    const { log, stream, listsBefore } = await liveInbox({ conversations: [aisha, omar], byIds: (ids) => batchOf([omarWrote], ids) });
    expect(rowNames()).toEqual(['Aisha Khan', 'Omar Haddad']);

    stream.emit('nudge', { conversationId: 'v-2', counter: 4, kind: 'message' });
    await waitFor(() => expect(rowNames()).toEqual(['Omar Haddad', 'Aisha Khan']));
    expect(screen.getByText('Are you open today?')).toBeInTheDocument();
    expect(byIdsRequests(log)).toEqual(['GET /conversations?ids=v-2']);
    expect(listRefetches(log)).toBe(listsBefore);
  });

  it('takes a conversation assigned away out of "Mine", and puts a new one that belongs there on top', async () => {
    const mine = [{ ...aisha, assignedToId: me, assignedTo: 'Amira Haddad' }, { ...omar, assignedToId: me, assignedTo: 'Amira Haddad' }];
    const layla = conversation({
      id: 'v-3', assignedToId: me, assignedTo: 'Amira Haddad', lastMessageAt: minutesAgo(0),
      contact: { ...aisha.contact, id: 'contact-v-3', name: 'Layla Nasser' },
    });
    const now = [{ ...mine[0], assignedToId: 'someone-else', assignedTo: 'Karim Saleh' }, mine[1], layla];
    const { log, stream, listsBefore } = await liveInbox({ conversations: mine, byIds: (ids) => batchOf(now, ids) }, '/conversations?filter=mine');
    expect(rowNames()).toEqual(['Aisha Khan', 'Omar Haddad']);

    stream.emit('nudge', { conversationId: 'v-1', counter: 7, kind: 'assignment' });
    stream.emit('nudge', { conversationId: 'v-3', counter: 1, kind: 'conversation' });
    await waitFor(() => expect(rowNames()).toEqual(['Layla Nasser', 'Omar Haddad']));
    expect(listRefetches(log)).toBe(listsBefore);
  });

  it('drops a conversation the member may no longer see (the answer names it missing)', async () => {
    const { log, stream, listsBefore } = await liveInbox({ conversations: [aisha, omar], byIds: (ids) => batchOf([aisha], ids) }, '/conversations', ['chats:view', 'messages:view']);
    stream.emit('nudge', { conversationId: 'v-2', counter: 9, kind: 'assignment' });
    await waitFor(() => expect(rowNames()).toEqual(['Aisha Khan']));
    expect(listRefetches(log)).toBe(listsBefore);
  });

  it('refreshes the counts at most once every 5 s while nudges keep coming, and once after the last', async () => {
    const { log, stream } = await liveInbox({ conversations: [aisha, omar], list: () => page([aisha, omar]) });
    const before = statusCounts(log);
    // Three nudges over about 3.3 s: the last look comes well before the 5 s are up, even on a busy machine.
    for (let i = 0; i < 3; i += 1) {
      stream.emit('nudge', { conversationId: i % 2 === 0 ? 'v-1' : 'v-2', counter: 10 + i, kind: 'message' });
      await wait(1_100);
      // The first nudge refreshes them at once; the next ones, within 5 s of it, wait.
      expect(statusCounts(log) - before).toBe(1);
    }
    expect(byIdsRequests(log).length).toBe(3);
    // Once the 5 s are up, one refresh for the nudges that waited.
    await waitFor(() => expect(statusCounts(log) - before).toBe(2));
    await wait(500);
    expect(statusCounts(log) - before).toBe(2);
  }, 15_000);
});
