/**
 * Browser side effects the data layer needs, passed to the store as the thunk extra argument so
 * tests can replace them (`makeStore(state, { reloadPage: jest.fn() })`).
 */
export interface ClientServices {
  /** An unexpected 401 (the session ended) reloads the page, which lands on /login. */
  reloadPage: () => void;
}

export const browserServices: ClientServices = {
  reloadPage: () => window.location.reload(),
};
