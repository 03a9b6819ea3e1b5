const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

function ago(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/**
 * A note's time on the Notes & Activity timeline: 'just now', then minutes, hours, days under a week, then
 * a short date ('Mar 5, 2026').
 */
export function noteTimeLabel(at: string | Date, now: Date = new Date()): string {
  const time = typeof at === 'string' ? new Date(at) : at;
  const elapsed = now.getTime() - time.getTime();
  if (elapsed < MINUTE) return 'just now';
  if (elapsed < HOUR) return ago(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return ago(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < 7 * DAY) return ago(Math.floor(elapsed / DAY), 'day');
  return SHORT_DATE.format(time);
}
