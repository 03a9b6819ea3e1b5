/** The part of an EventSource the app uses (a test hands in its own). */
export interface EventStream {
  addEventListener(type: 'open' | 'error', listener: () => void): void;
  addEventListener(type: 'nudge', listener: (event: MessageEvent<string>) => void): void;
  close(): void;
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
}

/** A stream that never opens: where the browser has no EventSource, polling alone keeps the inbox fresh. */
export const closedEventStream: EventStream = { addEventListener: () => undefined, close: () => undefined };

export const browserServices: ClientServices = {
  reloadPage: () => window.location.reload(),
  openEventStream: (url) => (typeof EventSource === 'undefined' ? closedEventStream : new EventSource(url, { withCredentials: true })),
};
