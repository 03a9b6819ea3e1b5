import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import './polyfills';
import { server } from './msw/server';

// findBy*/waitFor wait up to 5 s, not 1 s: lazy routes and MUI's DataGrid render slowly on a busy
// 2-core CI machine, and a timeout there says nothing about the product.
configure({ asyncUtilTimeout: 5000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  // The colour scheme and sidebar state persist in localStorage; every test starts fresh.
  window.localStorage.clear();
  document.documentElement.className = '';
});
afterAll(() => server.close());
