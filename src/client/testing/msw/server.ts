import { setupServer } from 'msw/node';
import { defaultHandlers } from './handlers';

/** The mock API for client tests. Unhandled requests fail the test (setup-tests.ts). */
export const server = setupServer(...defaultHandlers);
