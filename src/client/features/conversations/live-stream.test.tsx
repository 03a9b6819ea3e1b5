import { act, screen, waitFor, within } from '@testing-library/react';
import { setSessionUser } from '@client/session/session-api';
import type { ClientServices } from '@client/api/client-services';
import { fakeTabSharing, FakeStream } from './testing/fake-live';
import { aishaAndOmar, mockInbox, type RequestLog } from './testing/inbox-api';
import { renderInbox } from './testing/render-inbox';

const { aisha, omar, messages } = aishaAndOmar();

const wait = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));
const lists = (log: RequestLog) => log.filter((entry) => /^GET \/conversations\?(?!ids=)/.test(entry)).length;
const byIds = (log: RequestLog) => log.filter((entry) => entry.startsWith('GET /conversations?ids=')).length;
const polls = (log: RequestLog, id: string) => log.filter((entry) => entry.startsWith(`GET /conversations/${id}/messages/poll`)).length;

async function openAishaLive() {
  const log = mockInbox({ conversations: [aisha, omar], messages });
  const stream = new FakeStream();
  renderInbox('/conversations/contact-v-1', undefined, 'desktop', {
    openEventStream: (url) => {
      stream.url = url;
      return stream;
    },
  });
  const region = await screen.findByRole('region', { name: 'Messages with Aisha Khan' });
  await within(region).findByText('Hello from Aisha');
  return { log, stream };
}

describe('the live stream', () => {
  it('opens /api/events; a burst of nudges reads the conversations it names once, refetches no list, and polls the open chat at once', async () => {
    const { log, stream } = await openAishaLive();
    expect(stream.url).toMatch(/\/api\/events$/);
    stream.emit('open');
    const [listsBefore, pollsBefore] = [lists(log), polls(log, 'v-1')];
    // A burst is one batch: one request for the conversations it names, and one poll of the open chat, which it names.
    stream.emit('nudge', { conversationId: 'v-1', counter: 9, kind: 'message' });
    stream.emit('nudge', { conversationId: 'v-2', counter: 5, kind: 'message' });
    stream.emit('nudge', { conversationId: 'v-2', counter: 6, kind: 'status' });
    await waitFor(() => expect(polls(log, 'v-1') - pollsBefore).toBe(1));
    expect(log.filter((entry) => entry.startsWith('GET /conversations?ids='))).toEqual([`GET /conversations?ids=${encodeURIComponent('v-1,v-2')}`]);
    // Within the second after a batch the next one waits; and a nudge about another conversation polls no chat.
    stream.emit('nudge', { conversationId: 'v-2', counter: 7, kind: 'message' });
    await wait(100);
    expect(byIds(log)).toBe(1);
    await waitFor(() => expect(byIds(log)).toBe(2));
    expect(polls(log, 'v-1') - pollsBefore).toBe(1);
    expect(lists(log)).toBe(listsBefore);
  });

  it('while the stream is open the chat polls at the list pace; when it drops, the 2 s poll resumes at once, and a reconnect refetches everything', async () => {
    const { log, stream } = await openAishaLive();
    stream.emit('open');
    await wait(100);
    const quiet = polls(log, 'v-1');
    await wait(2_600);
    expect(polls(log, 'v-1')).toBe(quiet);

    stream.emit('error');
    await waitFor(() => expect(polls(log, 'v-1')).toBe(quiet + 1));

    const [listsBefore, pollsBefore] = [lists(log), polls(log, 'v-1')];
    stream.emit('open');
    await waitFor(() => expect(lists(log)).toBe(listsBefore + 1));
    await waitFor(() => expect(polls(log, 'v-1')).toBe(pollsBefore + 1));
  });

  it('closes the stream when the inbox closes', async () => {
    mockInbox({ conversations: [aisha, omar], messages });
    const stream = new FakeStream();
    const { unmount } = renderInbox('/conversations', undefined, 'desktop', { openEventStream: () => stream });
    await screen.findByText('Aisha Khan');
    expect(stream.closed).toBe(false);
    unmount();
    expect(stream.closed).toBe(true);
  });
});

describe('one stream per browser, shared by its tabs', () => {
  /** One browser whose tabs open Aisha's chat: they share Web Locks and BroadcastChannels; every stream any of them opens is kept. */
  function browserWithTabs(tabSharing: ClientServices['tabSharing'] = fakeTabSharing()) {
    const log = mockInbox({ conversations: [aisha, omar], messages });
    const streams: FakeStream[] = [];
    const openEventStream = () => {
      const stream = new FakeStream();
      streams.push(stream);
      return stream;
    };
    const openTab = async () => {
      const tab = renderInbox('/conversations/contact-v-1', undefined, 'desktop', { openEventStream, tabSharing });
      await within(await within(tab.container).findByRole('region', { name: 'Messages with Aisha Khan' })).findByText('Hello from Aisha');
      return tab;
    };
    return { log, streams, openTab };
  }

  async function openTabs(count: number, tabSharing?: ClientServices['tabSharing']) {
    const browser = browserWithTabs(tabSharing);
    const tabs = [];
    for (let i = 0; i < count; i += 1) tabs.push(await browser.openTab());
    await wait(50);
    return { ...browser, tabs };
  }

  /** The remaining tab's new stream opens: its list and its open chat are read once (nudges missed meanwhile are not replayed). */
  async function expectResyncOnOpen(log: RequestLog, stream: FakeStream) {
    const [listsBefore, pollsBefore] = [lists(log), polls(log, 'v-1')];
    stream.emit('open');
    await waitFor(() => {
      expect(lists(log) - listsBefore).toBe(1);
      expect(polls(log, 'v-1') - pollsBefore).toBe(1);
    });
  }

  it('opens one stream for two tabs, and its nudges reach both', async () => {
    const { log, streams } = await openTabs(2);
    expect(streams).toHaveLength(1);
    streams[0].emit('open');
    await wait(50);
    const [byIdsBefore, pollsBefore] = [byIds(log), polls(log, 'v-1')];
    streams[0].emit('nudge', { conversationId: 'v-1', counter: 9, kind: 'message' });
    // Each tab reads the nudged conversation into its own lists and polls its own open chat.
    await waitFor(() => {
      expect(byIds(log) - byIdsBefore).toBe(2);
      expect(polls(log, 'v-1') - pollsBefore).toBe(2);
    });
    // While the shared stream is open, neither tab polls at the 2 s pace.
    const quiet = polls(log, 'v-1');
    await wait(2_600);
    expect(polls(log, 'v-1')).toBe(quiet);
  });

  it('a tab opened while the stream is up learns it from the leading tab, and its chat polls at the list pace from the start', async () => {
    const { log, streams, openTab } = browserWithTabs();
    await openTab();
    await wait(50);
    streams[0].emit('open');
    await openTab();
    await wait(100);
    expect(streams).toHaveLength(1);
    // The first tab polls every 30 s: any poll now would be the new tab's 2 s poll.
    const quiet = polls(log, 'v-1');
    await wait(2_600);
    expect(polls(log, 'v-1')).toBe(quiet);
  });

  it('when the leading tab closes, the other opens the stream and refetches everything once, then hears its nudges', async () => {
    const { log, streams, tabs } = await openTabs(2);
    streams[0].emit('open');
    await wait(50);
    await act(async () => tabs[0].unmount());
    await waitFor(() => {
      expect(streams[0].closed).toBe(true);
      expect(streams).toHaveLength(2);
    });

    await expectResyncOnOpen(log, streams[1]);
    const byIdsBefore = byIds(log);
    streams[1].emit('nudge', { conversationId: 'v-2', counter: 3, kind: 'message' });
    await waitFor(() => expect(byIds(log) - byIdsBefore).toBe(1));
  });

  it('when the leading tab vanishes without a word (closed or crashed: none of its code runs), the other takes the lock, opens the stream and refetches everything once', async () => {
    const browser = fakeTabSharing();
    const { log, streams } = await openTabs(2, browser);
    streams[0].emit('open');
    await wait(50);
    await act(async () => browser.leaderVanishes());
    await waitFor(() => expect(streams).toHaveLength(2));

    await expectResyncOnOpen(log, streams[1]);
  });

  it('a tab whose member signs out closes its stream and gives the lead to the next tab', async () => {
    const { streams, tabs } = await openTabs(2);
    streams[0].emit('open');
    await act(async () => void tabs[0].store.dispatch(setSessionUser(null)));
    await waitFor(() => {
      expect(streams[0].closed).toBe(true);
      expect(streams).toHaveLength(2);
      expect(streams[1].closed).toBe(false);
    });
  });

  it('where the browser cannot share (no Web Locks or BroadcastChannel), each tab opens its own stream', async () => {
    const { streams } = await openTabs(2, null);
    expect(streams).toHaveLength(2);
  });
});
