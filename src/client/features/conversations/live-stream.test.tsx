import { act, screen, within } from '@testing-library/react';
import type { EventStream } from '@client/api/client-services';
import type { LiveNudge } from '@shared/api/live';
import { aishaAndOmar, mockInbox, type RequestLog } from './testing/inbox-api';
import { renderInbox } from './testing/render-inbox';

/** A live stream the test drives: it opens, drops and delivers nudges when told. */
class FakeStream implements EventStream {
  private readonly listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();
  closed = false;
  url = '';

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close(): void {
    this.closed = true;
  }

  emit(type: 'open' | 'error'): void;
  emit(type: 'nudge', nudge: LiveNudge): void;
  emit(type: string, nudge?: LiveNudge): void {
    act(() => {
      for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data: nudge ? JSON.stringify(nudge) : '' }));
    });
  }
}

const { aisha, omar, messages } = aishaAndOmar();

const wait = (ms: number) => act(() => new Promise<void>((resolve) => setTimeout(resolve, ms)));
const lists = (log: RequestLog) => log.filter((entry) => /^GET \/conversations\?/.test(entry)).length;
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
  it('opens /api/events; a burst of nudges refreshes the list once and polls the open chat at once', async () => {
    const { log, stream } = await openAishaLive();
    expect(stream.url).toMatch(/\/api\/events$/);
    stream.emit('open');
    const [listsBefore, pollsBefore] = [lists(log), polls(log, 'v-1')];
    // A burst is one batch: one list refresh, and one poll of the open chat, which it names.
    stream.emit('nudge', { conversationId: 'v-1', counter: 9, kind: 'message' });
    stream.emit('nudge', { conversationId: 'v-2', counter: 5, kind: 'message' });
    stream.emit('nudge', { conversationId: 'v-2', counter: 6, kind: 'status' });
    await wait(300);
    expect(lists(log) - listsBefore).toBe(1);
    expect(polls(log, 'v-1') - pollsBefore).toBe(1);
    // Within the second after a batch the next one waits; and a nudge about another conversation polls no chat.
    stream.emit('nudge', { conversationId: 'v-2', counter: 7, kind: 'message' });
    await wait(300);
    expect(lists(log) - listsBefore).toBe(1);
    await wait(800);
    expect(lists(log) - listsBefore).toBe(2);
    expect(polls(log, 'v-1') - pollsBefore).toBe(1);
  });

  it('while the stream is open the chat polls at the list pace; when it drops, the 2 s poll resumes at once, and a reconnect refetches everything', async () => {
    const { log, stream } = await openAishaLive();
    stream.emit('open');
    await wait(100);
    const quiet = polls(log, 'v-1');
    await wait(2_600);
    expect(polls(log, 'v-1')).toBe(quiet);

    stream.emit('error');
    await wait(300);
    expect(polls(log, 'v-1')).toBe(quiet + 1);

    const [listsBefore, pollsBefore] = [lists(log), polls(log, 'v-1')];
    stream.emit('open');
    await wait(300);
    expect(lists(log)).toBe(listsBefore + 1);
    expect(polls(log, 'v-1')).toBe(pollsBefore + 1);
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
