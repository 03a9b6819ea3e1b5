import '@testing-library/jest-dom';
import './polyfills';
import { server } from './msw/server';

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  // The colour scheme and sidebar state persist in localStorage; every test starts fresh.
  window.localStorage.clear();
  document.documentElement.className = '';
});
afterAll(() => server.close());
