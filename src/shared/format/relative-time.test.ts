import { relativeTime } from './relative-time';

const now = new Date('2026-03-20T12:00:00.000Z');
const before = (ms: number) => new Date(now.getTime() - ms).toISOString();

test.each([
  [before(0), 'now'],
  [before(59_999), 'now'],
  [before(60_000), '1m ago'],
  [before(59 * 60_000), '59m ago'],
  [before(60 * 60_000), '1h ago'],
  [before(23 * 3_600_000 + 59 * 60_000), '23h ago'],
  [before(24 * 3_600_000), 'Mar 19, 2026'],
  [before(400 * 86_400_000), 'Feb 13, 2025'],
  // A clock a little ahead of the server's still reads 'now'.
  [new Date(now.getTime() + 5_000).toISOString(), 'now'],
])('%s reads %s', (at, label) => {
  expect(relativeTime(at, now)).toBe(label);
});

test('accepts a Date', () => {
  expect(relativeTime(new Date(now.getTime() - 5 * 60_000), now)).toBe('5m ago');
});
