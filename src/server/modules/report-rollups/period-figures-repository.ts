import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { DAY_FORMAT, localTime } from '../../db/local-time-sql';
import { rowsOf } from '../../db/rows-of';
import { FIRST_RESPONSE_MINUTES, numberOrNull, RESOLUTION_MINUTES, type FigureSource, type Instants } from './openings-repository';
import { periodsIn, recountedPeriodsIn } from './periods-repository';

/**
 * The periods' figures for a range (Drizzle only, reads only): the kept periods opened in it, with
 * every median and 90th percentile in one pass (grouping sets).
 */

export interface DurationRow {
  median: number | null;
  p90: number | null;
  count: number;
}

export interface PeriodFigures {
  opened: number;
  firstResponse: DurationRow;
  resolution: DurationRow;
}

export interface PeriodsByKey {
  all: PeriodFigures;
  /** By the local day the period opened. */
  byDay: Map<string, PeriodFigures>;
  /** By the member who sent the first response. */
  byResponder: Map<string, PeriodFigures>;
  /** By the assignee holding the conversation at the resolve. */
  byResolver: Map<string, PeriodFigures>;
}

export const NO_PERIODS: PeriodFigures = {
  opened: 0, firstResponse: { median: null, p90: null, count: 0 }, resolution: { median: null, p90: null, count: 0 },
};

/** The periods opened in the range: counted, with the medians and 90th percentiles, overall, per day, per responder and per resolver. */
export async function periodFigures(
  db: Queryable, organizationId: string, range: Instants, timeZone: string, source: FigureSource = 'kept',
): Promise<PeriodsByKey> {
  type Row = {
    day_set: number | string; responder_set: number | string; resolver_set: number | string;
    day: string | null; responder_id: string | null; resolver_id: string | null; opened: number | string;
    fr_median: number | string | null; fr_p90: number | string | null; fr_count: number | string;
    rs_median: number | string | null; rs_p90: number | string | null; rs_count: number | string;
  };
  const rows = rowsOf<Row>(await db.execute(sql`
    select grouping(p.day) as day_set, grouping(p.responder_id) as responder_set, grouping(p.resolver_id) as resolver_set,
      to_char(p.day, ${DAY_FORMAT}) as day, p.responder_id, p.resolver_id, count(*) as opened,
      percentile_cont(0.5) within group (order by p.fr) as fr_median, percentile_cont(0.9) within group (order by p.fr) as fr_p90, count(p.fr) as fr_count,
      percentile_cont(0.5) within group (order by p.rs) as rs_median, percentile_cont(0.9) within group (order by p.rs) as rs_p90, count(p.rs) as rs_count
    from (
      select ${localTime(sql`p.opened_at`, timeZone)}::date as day, p.responder_id, p.resolver_id,
        ${FIRST_RESPONSE_MINUTES} as fr, ${RESOLUTION_MINUTES} as rs
      from ${source === 'kept' ? periodsIn(organizationId, range) : recountedPeriodsIn(organizationId, range)} p
    ) p
    group by grouping sets ((p.day), (p.responder_id), (p.resolver_id), ())`));
  const figures = (row: Row): PeriodFigures => ({
    opened: Number(row.opened),
    firstResponse: { median: numberOrNull(row.fr_median), p90: numberOrNull(row.fr_p90), count: Number(row.fr_count) },
    resolution: { median: numberOrNull(row.rs_median), p90: numberOrNull(row.rs_p90), count: Number(row.rs_count) },
  });
  const result: PeriodsByKey = { all: NO_PERIODS, byDay: new Map(), byResponder: new Map(), byResolver: new Map() };
  // grouping(x) is 0 where the row is grouped by x; a null key (nobody responded, nobody held it) is no member.
  for (const row of rows) {
    if (Number(row.day_set) === 0 && row.day !== null) result.byDay.set(row.day, figures(row));
    else if (Number(row.responder_set) === 0 && row.responder_id !== null) result.byResponder.set(row.responder_id, figures(row));
    else if (Number(row.resolver_set) === 0 && row.resolver_id !== null) result.byResolver.set(row.resolver_id, figures(row));
    else if (Number(row.day_set) + Number(row.responder_set) + Number(row.resolver_set) === 3) result.all = figures(row);
  }
  return result;
}

