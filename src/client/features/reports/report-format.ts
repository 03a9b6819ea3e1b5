import { formatDuration } from '@shared/format/duration';


/** A duration in minutes as analytics show it ('45min', '5h', '2d 3h'); under a minute reads '<1min'; '–' when there is none. */
export function formatMinutes(minutes: number | null): string {
  if (minutes === null) return '–';
  return minutes > 0 && minutes < 0.5 ? '<1min' : formatDuration(minutes);
}

/** '2026-03-02' as 'Mar 2' (the date is a calendar day: no time zone moves it). */
export function shortDate(date: string): string {
  return new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}
