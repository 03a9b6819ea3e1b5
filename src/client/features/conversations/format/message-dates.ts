import { differenceInCalendarDays, format } from 'date-fns';

/** Within this many calendar days back, a day separator names the weekday rather than the date. */
const WEEKDAY_DAYS = 6;

/**
 * A date separator's label for the day of `date`, seen on `now`: 'Today', 'Yesterday', the weekday
 * within the week ('Monday'), then the date ('Mar 2, 2026'). Calendar days in the user's time zone.
 */
export function dayLabel(date: Date, now: Date): string {
  const daysAgo = differenceInCalendarDays(now, date);
  if (daysAgo === 0) return 'Today';
  if (daysAgo === 1) return 'Yesterday';
  if (daysAgo > 1 && daysAgo <= WEEKDAY_DAYS) return format(date, 'EEEE');
  return format(date, 'MMM d, yyyy');
}

/** A message's time in its bubble, e.g. '3:04 PM'. */
export function shortTime(date: Date): string {
  return format(date, 'h:mm a');
}

/** A message's full date and time, e.g. 'Friday, March 20, 2026 at 3:04 PM', shown on hover or focus. */
export function fullDateTime(date: Date): string {
  return format(date, "EEEE, MMMM d, yyyy 'at' h:mm a");
}
