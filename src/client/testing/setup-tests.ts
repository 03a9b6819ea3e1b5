import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import './polyfills';
import { server } from './msw/server';

// findBy*/waitFor wait up to 5 s, not 1 s: lazy routes and MUI's DataGrid render slowly on a busy
// 2-core CI machine, and a timeout there says nothing about the product.
configure({ asyncUtilTimeout: 5000 });

/**
 * Requests no handler answered. msw's 'error' only logs them and fails the fetch, which RTK Query
 * turns into an error state that a test may never look at: the test fails here instead.
 */
const unhandled: string[] = [];
server.events.on('request:unhandled', ({ request }) => {
  const url = new URL(request.url);
  unhandled.push(`${request.method} ${url.pathname}${url.search}`);
});

function failOnUnhandledRequests(): void {
  if (unhandled.length === 0) return;
  const requests = unhandled.splice(0);
  throw new Error(`Requests without an msw handler (add one to the test or to testing/msw/handlers.ts):\n  ${requests.join('\n  ')}`);
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  // The colour scheme and sidebar state persist in localStorage; every test starts fresh.
  window.localStorage.clear();
  document.documentElement.className = '';
  failOnUnhandledRequests();
});
afterAll(() => {
  server.close();
  // A request made after the last test's checks still counts.
  failOnUnhandledRequests();
});
