import { act } from '@testing-library/react';
import type { EventStream, TabChannel, TabLocks, TabSharing } from '@client/api/client-services';
import type { LiveNudge } from '@shared/api/live';

/** A live stream the test drives: it opens, drops and delivers nudges when told. */
export class FakeStream implements EventStream {
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

interface Waiter {
  callback: () => Promise<void>;
  settle: (error?: unknown) => void;
}

/** Web Locks as a browser keeps them: one holder per name, the others queued in order; an aborted wait is refused. */
class FakeLocks implements TabLocks {
  private readonly holders = new Map<string, Waiter>();
  private readonly queues = new Map<string, Waiter[]>();

  request(name: string, { signal }: { signal: AbortSignal }, callback: () => Promise<void>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = { callback, settle: (error) => (error ? reject(error) : resolve()) };
      const queue = this.queues.get(name) ?? [];
      this.queues.set(name, [...queue, waiter]);
      signal.addEventListener('abort', () => {
        const waiting = this.queues.get(name) ?? [];
        if (!waiting.includes(waiter)) return;
        this.queues.set(name, waiting.filter((w) => w !== waiter));
        waiter.settle(new DOMException('aborted', 'AbortError'));
      });
      this.grant(name);
    });
  }

  /** The holder's tab is gone (closed, crashed): the browser frees its locks, whatever its code was doing. */
  free(): void {
    for (const [name, holder] of [...this.holders]) this.release(name, holder);
  }

  private release(name: string, holder: Waiter): void {
    if (this.holders.get(name) !== holder) return;
    this.holders.delete(name);
    holder.settle();
    this.grant(name);
  }

  private grant(name: string): void {
    const [next, ...rest] = this.queues.get(name) ?? [];
    if (this.holders.has(name) || !next) return;
    this.queues.set(name, rest);
    this.holders.set(name, next);
    void next.callback().finally(() => this.release(name, next));
  }
}

/** BroadcastChannels of one browser: a message reaches every other open channel of its name, a moment later. */
class FakeChannels {
  private readonly open = new Set<{ name: string; deliver: (data: unknown) => void }>();
  private readonly silenced = new Set<TabChannel>();

  openChannel(name: string): TabChannel {
    const listeners: ((event: MessageEvent<unknown>) => void)[] = [];
    const self = { name, deliver: (data: unknown) => listeners.forEach((listener) => listener(new MessageEvent('message', { data }))) };
    this.open.add(self);
    const channel: TabChannel = {
      postMessage: (message) => {
        if (this.silenced.has(channel)) return;
        const copy = structuredClone(message);
        for (const other of [...this.open]) if (other !== self && other.name === name) setTimeout(() => this.open.has(other) && other.deliver(copy), 0);
      },
      addEventListener: (_type, listener) => listeners.push(listener),
      close: () => this.open.delete(self),
    };
    return channel;
  }

  /** The tab that opened `channel` can say nothing more (its page is gone). */
  silence(channel: TabChannel): void {
    this.silenced.add(channel);
  }
}

/** One browser's Web Locks and BroadcastChannels, for the "tabs" a test renders. */
export interface FakeBrowser extends TabSharing {
  /** The leading tab is gone without a word (closed or crashed: no code of its runs), and its lock is freed. */
  leaderVanishes(): void;
}

export function fakeTabSharing(): FakeBrowser {
  const channels = new FakeChannels();
  const locks = new FakeLocks();
  const opened: TabChannel[] = [];
  return {
    locks,
    openChannel: (name) => {
      const channel = channels.openChannel(name);
      opened.push(channel);
      return channel;
    },
    // The first tab opened leads: it goes silent, then its lock is freed.
    leaderVanishes: () => {
      channels.silence(opened[0]);
      locks.free();
    },
  };
}
