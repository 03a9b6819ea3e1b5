import { WINDOW_CLOSED_MESSAGE } from '@shared/api/conversations';
import { closedWindowMessage, conversationWindow, freeMessagesNote, timeLeft, windowKind, windowLabel } from './conversation-window';

const now = new Date('2026-03-20T12:00:00.000Z');
const at = (ms: number) => new Date(now.getTime() + ms).toISOString();
const HOUR = 3_600_000;
const noFep = { freeEntryPointExpiresAt: null };

describe('conversation window', () => {
  it('is none without an expiry, closed with one in the past, open with the time left otherwise', () => {
    expect(conversationWindow({ conversationWindowExpiresAt: null, ...noFep }, now)).toEqual({ state: 'none' });
    expect(conversationWindow({ conversationWindowExpiresAt: at(-1), ...noFep }, now)).toEqual({ state: 'closed', freeUntil: null });
    expect(conversationWindow({ conversationWindowExpiresAt: at(0), ...noFep }, now)).toEqual({ state: 'closed', freeUntil: null });
    const open = conversationWindow({ conversationWindowExpiresAt: at((5 * 60 + 12) * 60_000 + 30_000), ...noFep }, now);
    expect(windowLabel(open)).toBe('Window open · 5h 12m left');
    expect(windowKind(open)).toBe('24-hour window');
  });

  it('a free entry point does not open or widen the window: it is a separate "Free messages until" note', () => {
    // 30 hours after an ad click answered an hour later: the window closed, the free messages run on.
    const closed = conversationWindow({ conversationWindowExpiresAt: at(-6 * HOUR), freeEntryPointExpiresAt: at(43 * HOUR) }, now);
    expect(closed).toEqual({ state: 'closed', freeUntil: new Date(at(43 * HOUR)) });
    expect(windowLabel(closed)).toBe('Window closed');
    expect(windowKind(closed)).toBe('24-hour window');
    expect(closedWindowMessage(closed as Extract<typeof closed, { state: 'closed' }>)).toBe(WINDOW_CLOSED_MESSAGE);
    const expected = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(at(43 * HOUR)));
    expect(freeMessagesNote(closed)).toBe(`Free messages until ${expected}`);

    const open = conversationWindow({ conversationWindowExpiresAt: at(2 * HOUR), freeEntryPointExpiresAt: at(70 * HOUR) }, now);
    expect(freeMessagesNote(open)).toMatch(/^Free messages until /);
    // Once the free-entry-point window ends, no note.
    expect(freeMessagesNote(conversationWindow({ conversationWindowExpiresAt: at(2 * HOUR), freeEntryPointExpiresAt: at(-1) }, now))).toBeNull();
    expect(freeMessagesNote(conversationWindow({ conversationWindowExpiresAt: at(2 * HOUR), ...noFep }, now))).toBeNull();
  });

  it('reads the time left in hours and minutes', () => {
    expect(timeLeft(59_999)).toBe('<1m');
    expect(timeLeft(45 * 60_000)).toBe('45m');
    expect(timeLeft(71 * 3_600_000 + 59 * 60_000)).toBe('71h 59m');
  });

  it('explains a closed window in the server’s own words', () => {
    expect(closedWindowMessage({ state: 'closed', freeUntil: null })).toBe(WINDOW_CLOSED_MESSAGE);
    expect(closedWindowMessage({ state: 'none' })).toMatch(/^No active conversation window/);
    expect(windowLabel({ state: 'closed', freeUntil: null })).toBe('Window closed');
    expect(windowLabel({ state: 'none' })).toBe('No active window');
    expect(windowKind({ state: 'none' })).toBeNull();
  });
});
