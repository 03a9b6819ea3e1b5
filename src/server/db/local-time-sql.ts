import { sql, type SQL } from 'drizzle-orm';

/** A local day as reports name it (YYYY-MM-DD), for to_char. */
export const DAY_FORMAT = 'YYYY-MM-DD';

/** An instant's wall time in a time zone (a timestamp without zone). */
export const localTime = (instant: SQL, timeZone: string) => sql`(${instant} at time zone ${timeZone})`;
