const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const SHORT_DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * A compact time for lists such as the inbox: 'now' under a minute, '5m ago', '3h ago' under a day,
 * then the date ('Mar 5, 2026'). A time slightly in the future (a clock ahead of the server's) reads 'now'.
 */
export function relativeTime(at: string | Date, now: Date = new Date()): string {
  const time = typeof at === 'string' ? new Date(at) : at;
  const elapsed = now.getTime() - time.getTime();
  if (elapsed < MINUTE) return 'now';
  if (elapsed < HOUR) return `${Math.floor(elapsed / MINUTE)}m ago`;
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  return SHORT_DATE.format(time);
}
