import { instantOfWallTime, wallTimeAt, zonedDateTimeLabel } from './zoned-time';

/** Times entered in the organization's zone and shown back in it, across daylight saving. */

test('a wall time in a zone is the instant its offset says, in winter and in summer', () => {
  expect(instantOfWallTime('2026-01-15T09:00', 'Europe/Berlin')?.toISOString()).toBe('2026-01-15T08:00:00.000Z');
  expect(instantOfWallTime('2026-07-01T09:00', 'Europe/Berlin')?.toISOString()).toBe('2026-07-01T07:00:00.000Z');
  expect(instantOfWallTime('2026-11-28T09:00', 'Asia/Dubai')?.toISOString()).toBe('2026-11-28T05:00:00.000Z');
  expect(instantOfWallTime('2026-11-28T09:00', 'UTC')?.toISOString()).toBe('2026-11-28T09:00:00.000Z');
});

test('shown back in the zone, an instant reads as the wall time it was entered as', () => {
  for (const wall of ['2026-01-15T09:00', '2026-07-01T23:30', '2026-10-25T01:15']) {
    const instant = instantOfWallTime(wall, 'Europe/Berlin');
    expect(instant && wallTimeAt(instant, 'Europe/Berlin')).toBe(wall);
  }
  expect(zonedDateTimeLabel('2026-11-28T05:00:00.000Z', 'Asia/Dubai')).toBe('Nov 28, 2026, 09:00');
});

test('a time skipped by the spring change lands just after it; malformed or impossible dates are none', () => {
  // 02:30 does not exist in Berlin on 29 March 2026 (clocks jump from 02:00 to 03:00).
  expect(wallTimeAt(instantOfWallTime('2026-03-29T02:30', 'Europe/Berlin') ?? new Date(0), 'Europe/Berlin')).toBe('2026-03-29T03:30');
  expect(instantOfWallTime('2026-02-30T09:00', 'Europe/Berlin')).toBeNull();
  expect(instantOfWallTime('tomorrow at 9', 'Europe/Berlin')).toBeNull();
});
