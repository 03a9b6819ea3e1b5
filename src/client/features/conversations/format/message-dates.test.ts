import { dayLabel, fullDateTime, shortTime } from './message-dates';

// Local times: day boundaries are the user's, whatever zone the tests run in.
const now = new Date(2026, 2, 20, 9, 30); // Friday, March 20, 2026

describe('day separator labels', () => {
  it("names today and yesterday, by calendar day rather than 24 hours", () => {
    expect(dayLabel(new Date(2026, 2, 20, 0, 0), now)).toBe('Today');
    expect(dayLabel(new Date(2026, 2, 20, 23, 59), now)).toBe('Today');
    expect(dayLabel(new Date(2026, 2, 19, 23, 59), now)).toBe('Yesterday');
    expect(dayLabel(new Date(2026, 2, 19, 0, 0), now)).toBe('Yesterday');
  });

  it('names the weekday within the week, then gives the date', () => {
    expect(dayLabel(new Date(2026, 2, 18, 12), now)).toBe('Wednesday');
    expect(dayLabel(new Date(2026, 2, 14, 12), now)).toBe('Saturday');
    expect(dayLabel(new Date(2026, 2, 13, 12), now)).toBe('Mar 13, 2026');
    expect(dayLabel(new Date(2025, 11, 31, 12), now)).toBe('Dec 31, 2025');
  });

  it('gives the date of a day after today (a clock ahead of ours)', () => {
    expect(dayLabel(new Date(2026, 2, 21, 8), now)).toBe('Mar 21, 2026');
  });

  it('gives the short time in the bubble and the full date and time on demand', () => {
    const at = new Date(2026, 2, 18, 15, 4);
    expect(shortTime(at)).toBe('3:04 PM');
    expect(fullDateTime(at)).toBe('Wednesday, March 18, 2026 at 3:04 PM');
  });
});
