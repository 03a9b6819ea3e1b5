import type { EventStream, TabSharing } from '@client/api/client-services';

/** What the leader tab tells the others: its stream's state and each nudge; `hello` asks the leader for its state. */
type TabMessage = { type: 'open' } | { type: 'error' } | { type: 'nudge'; data: string } | { type: 'hello' };

const isTabMessage = (value: unknown): value is TabMessage =>
  typeof value === 'object' && value !== null && 'type' in value && ['open', 'error', 'nudge', 'hello'].includes(String(value.type))
  && (value.type !== 'nudge' || ('data' in value && typeof value.data === 'string'));

type Listener = (event: MessageEvent<string>) => void;

/** The stream's events in this tab, whether they came from its own EventSource or from the leader tab. */
class LocalEvents {
  private readonly listeners = new Map<string, Set<Listener>>();

  add = (type: string, listener: Listener): void => {
    const set = this.listeners.get(type) ?? new Set<Listener>();
    set.add(listener);
    this.listeners.set(type, set);
  };

  emit(message: TabMessage): void {
    if (message.type === 'hello') return;
    const event = new MessageEvent<string>(message.type, { data: message.type === 'nudge' ? message.data : '' });
    for (const listener of this.listeners.get(message.type) ?? []) listener(event);
  }
}

/**
 * One live stream per browser, shared by its tabs (a plain-HTTP deployment allows six connections per
 * host, and six tabs must not stall the API). The tab holding the Web Lock `name` opens the EventSource
 * and passes its state and nudges on through the BroadcastChannel `name`; the others listen. When the
 * leader goes, the next tab in the lock's queue opens the stream; the tabs that heard it open mark it
 * dropped first, so the new stream's first `open` refetches everything once, as after a reconnect.
 * `close` ends this tab's part: the stream if it leads (the others hear it drop), and the lock.
 */
export function openSharedEventStream(sharing: TabSharing, name: string, open: () => EventStream): EventStream {
  const local = new LocalEvents();
  const channel = sharing.openChannel(name);
  const cancel = new AbortController();
  let leave = () => undefined as void;
  const leaving = new Promise<void>((resolve) => (leave = resolve));
  let stream: EventStream | null = null;
  let streamOpen = false;
  // What this tab last heard of the leader's stream: a leader that vanishes without a word left it open.
  let heardOpen = false;
  let closed = false;

  const announce = (message: TabMessage) => {
    local.emit(message);
    channel.postMessage(message);
  };

  channel.addEventListener('message', (event) => {
    const message = event.data;
    if (closed || !isTabMessage(message)) return;
    if (stream) {
      if (message.type === 'hello' && streamOpen) channel.postMessage({ type: 'open' } satisfies TabMessage);
      return;
    }
    if (message.type === 'open' || message.type === 'error') heardOpen = message.type === 'open';
    local.emit(message);
  });
  channel.postMessage({ type: 'hello' } satisfies TabMessage);

  sharing.locks
    .request(name, { signal: cancel.signal }, () => {
      if (closed) return Promise.resolve();
      if (heardOpen) announce({ type: 'error' });
      const own = open();
      stream = own;
      own.addEventListener('open', () => {
        streamOpen = true;
        announce({ type: 'open' });
      });
      own.addEventListener('error', () => {
        streamOpen = false;
        announce({ type: 'error' });
      });
      own.addEventListener('nudge', (event) => announce({ type: 'nudge', data: event.data }));
      return leaving;
    })
    // Aborted while waiting: this tab closed before its turn came.
    .catch(() => undefined);

  return {
    addEventListener: local.add,
    close() {
      if (closed) return;
      closed = true;
      if (stream) {
        stream.close();
        channel.postMessage({ type: 'error' } satisfies TabMessage);
      }
      cancel.abort();
      leave();
      channel.close();
    },
  };
}
