import { WINDOW_CLOSED_MESSAGE } from '@shared/api/conversations';
import { closedWindowMessage, conversationWindow, timeLeft, windowKind, windowLabel } from './conversation-window';

const now = new Date('2026-03-20T12:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms).toISOString();

describe('conversation window', () => {
  it('is none without an expiry, closed with one in the past, open with the time left otherwise', () => {
    expect(conversationWindow({ conversationWindowExpiresAt: null, isFreeEntryPoint: false }, now)).toEqual({ state: 'none' });
    expect(conversationWindow({ conversationWindowExpiresAt: at(-1), isFreeEntryPoint: false }, now)).toEqual({ state: 'closed', hours: 24 });
    expect(conversationWindow({ conversationWindowExpiresAt: at(0), isFreeEntryPoint: true }, now)).toEqual({ state: 'closed', hours: 72 });
    const open = conversationWindow({ conversationWindowExpiresAt: at((5 * 60 + 12) * 60_000 + 30_000), isFreeEntryPoint: false }, now);
    expect(windowLabel(open)).toBe('Window open · 5h 12m left');
    expect(windowKind(open)).toBe('24-hour window');
  });

  it('reads the time left in hours and minutes', () => {
    expect(timeLeft(59_999)).toBe('<1m');
    expect(timeLeft(45 * 60_000)).toBe('45m');
    expect(timeLeft(71 * 3_600_000 + 59 * 60_000)).toBe('71h 59m');
  });

  it('explains a closed window; the standard one in the server’s own words', () => {
    expect(closedWindowMessage({ state: 'closed', hours: 24 })).toBe(WINDOW_CLOSED_MESSAGE);
    expect(closedWindowMessage({ state: 'closed', hours: 72 })).toMatch(/^The 72-hour conversation window is closed/);
    expect(closedWindowMessage({ state: 'none' })).toMatch(/^No active conversation window/);
    expect(windowLabel({ state: 'closed', hours: 24 })).toBe('Window closed');
    expect(windowLabel({ state: 'none' })).toBe('No active window');
    expect(windowKind({ state: 'closed', hours: 72 })).toBe('72-hour free entry point window');
  });
});
