import { noteTimeLabel } from './note-time-label';

const now = new Date('2026-03-20T12:00:00.000Z');
const before = (ms: number) => new Date(now.getTime() - ms).toISOString();

test.each([
  [before(0), 'just now'],
  [before(59_000), 'just now'],
  [before(60_000), '1 minute ago'],
  [before(45 * 60_000), '45 minutes ago'],
  [before(60 * 60_000), '1 hour ago'],
  [before(23 * 3_600_000), '23 hours ago'],
  [before(24 * 3_600_000), '1 day ago'],
  [before(6 * 86_400_000), '6 days ago'],
  [before(7 * 86_400_000), 'Mar 13, 2026'],
  // A clock a little ahead of the server's still reads 'just now'.
  [new Date(now.getTime() + 5_000).toISOString(), 'just now'],
])('%s reads %s', (at, label) => {
  expect(noteTimeLabel(at, now)).toBe(label);
});
