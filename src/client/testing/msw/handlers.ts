import { http, HttpResponse } from 'msw';
import { apiUrl } from './api-url';

/**
 * Answers every test gets unless it overrides them with `server.use(...)`: nobody is signed in
 * (renderWithProviders' `user` option preloads a session instead of asking the server).
 */
export const defaultHandlers = [
  http.get(apiUrl('/auth/verify'), () => HttpResponse.json({ error: 'Not signed in' }, { status: 401 })),
];
