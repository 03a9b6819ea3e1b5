import { format } from 'date-fns';

/** A calendar day as the members tables show it, e.g. 'Nov 23, 2026'. */
export function formatDay(iso: string): string {
  return format(new Date(iso), 'MMM d, yyyy');
}
