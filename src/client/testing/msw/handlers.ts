import { http, HttpResponse } from 'msw';
import { DEFAULT_MEMBER_PREFERENCES } from '@shared/api/member-preferences';
import { apiUrl } from './api-url';

/**
 * Answers every test gets unless it overrides them with `server.use(...)`: nobody is signed in
 * (renderWithProviders' `user` option preloads a session instead of asking the server), and a member's
 * notification switches are the defaults (the inbox reads them before it rings), and a member who
 * replies in conversations is Available (the header shows the switch).
 */
export const defaultHandlers = [
  http.get(apiUrl('/auth/verify'), () => HttpResponse.json({ error: 'Not signed in' }, { status: 401 })),
  http.get(apiUrl('/me/preferences'), () => HttpResponse.json(DEFAULT_MEMBER_PREFERENCES)),
  // The member's sessions (Profile lists them): this browser only, unless a test says so.
  http.get(apiUrl('/auth/sessions'), () =>
    HttpResponse.json({
      sessions: [{ id: 'a'.repeat(64), device: 'Chrome on Linux', signedInAt: '2026-01-05T09:00:00.000Z', lastUsedAt: '2026-01-05T09:30:00.000Z', current: true }],
    })),
  // Changing the email address needs SMTP: not offered, unless a test says so.
  http.get(apiUrl('/auth/email-change'), () => HttpResponse.json({ available: false, pending: null })),
  http.get(apiUrl('/me/availability'), () => HttpResponse.json({ availability: 'available' })),
  // The organization's time zone, which broadcast screens show and take times in.
  http.get(apiUrl('/broadcast/schedule-zone'), () => HttpResponse.json({ timeZone: 'UTC' })),
  // A broadcast's button rules (the analytics page's panel): none, and no broadcast to read, unless a test says so.
  http.get(apiUrl('/automation/rules'), () => HttpResponse.json({ rules: [] })),
  http.get(apiUrl('/broadcast/:id'), () => HttpResponse.json({ error: 'Broadcast not found' }, { status: 404 })),
  // The audience's opt-outs and the messaging limit: none, and no known limit, unless a test says so.
  http.post(apiUrl('/broadcast/audience/check'), () =>
    HttpResponse.json({ total: 0, optedOut: 0, count: 0, messagingLimit: { tier: null, limit: null, messagedLast24h: 0, available: null, overBy: 0 } })),
];
