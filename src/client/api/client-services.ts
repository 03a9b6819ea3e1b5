import { browserAlerts, type AlertServices } from './alert-services';

/** The part of an EventSource the app uses (a test hands in its own). */
export interface EventStream {
  addEventListener(type: 'open' | 'error', listener: () => void): void;
  addEventListener(type: 'nudge', listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

/** The part of the Web Locks API the live stream uses (`navigator.locks`): the lock is held until `callback`'s promise settles. */
export interface TabLocks {
  request(name: string, options: { signal: AbortSignal }, callback: () => Promise<void>): Promise<void>;
}

/** The part of a BroadcastChannel the live stream uses: messages reach the browser's other tabs, not this one. */
export interface TabChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<unknown>) => void): void;
  close(): void;
}

/** What lets a browser's tabs share one live stream: a lock that picks the leader, a channel that tells the others. */
export interface TabSharing {
  locks: TabLocks;
  openChannel(name: string): TabChannel;
}

/**
 * Browser side effects the data layer needs, passed to the store as the thunk extra argument so
 * tests can replace them (`makeStore(state, { reloadPage: jest.fn() })`).
 */
export interface ClientServices {
  /** An unexpected 401 (the session ended) reloads the page, which lands on /login. */
  reloadPage: () => void;
  /** Opens a server-sent event stream (with the session cookie). */
  openEventStream: (url: string) => EventStream;
  /** Web Locks and BroadcastChannel, or null where the browser lacks either (each tab then opens its own stream). */
  tabSharing: TabSharing | null;
  /** The sound and desktop notification of a new inbound message. */
  alerts: AlertServices;
}

/** A stream that never opens: where the browser has no EventSource, polling alone keeps the inbox fresh. */
export const closedEventStream: EventStream = { addEventListener: () => undefined, close: () => undefined };

function browserTabSharing(): TabSharing | null {
  if (typeof navigator === 'undefined' || !('locks' in navigator) || typeof BroadcastChannel === 'undefined') return null;
  return { locks: navigator.locks, openChannel: (name) => new BroadcastChannel(name) };
}

export const browserServices: ClientServices = {
  reloadPage: () => window.location.reload(),
  openEventStream: (url) => (typeof EventSource === 'undefined' ? closedEventStream : new EventSource(url, { withCredentials: true })),
  tabSharing: browserTabSharing(),
  alerts: browserAlerts(),
};
