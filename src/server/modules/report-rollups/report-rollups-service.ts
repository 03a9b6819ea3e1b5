import type { Database, Queryable } from '../../db/database';
import { tryLockFold } from './fold-lock-repository';
import { foldMessageCounts, messageCountDrift, messagesPerHour, type HourCount } from './message-counts-repository';
import type { FigureSource, Instants } from './openings-repository';
import { periodFigures, type PeriodsByKey } from './period-figures-repository';
import { keptPeriods, recomputeNotedPeriods, recountedPeriods } from './periods-repository';

/**
 * The inbox reports' rollups: triggers note every write in its own statement (message counts as
 * deltas, conversations to recompute), a fold sums and recomputes in batches, and readers add what is
 * not folded yet, so a figure is always as exact as a full recount and costs the same however much
 * history there is.
 */

export type { HourCount, Instants, FigureSource, PeriodsByKey };
export { NO_PERIODS, type DurationRow } from './period-figures-repository';

/** Notes (and message count rows) taken per transaction: a few seconds of a busy inbox, a short transaction. */
const FOLD_BATCH = 2_000;

/**
 * One fold step: the noted conversations' periods recomputed and message count rows summed, a batch
 * of each, in one transaction (or nothing when another process is folding, which then does it).
 * Answers whether it found a full batch, so more may be waiting.
 */
export async function foldReportRollups(db: Database, batch = FOLD_BATCH): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await tryLockFold(tx))) return false;
    const periods = await recomputeNotedPeriods(tx, batch);
    const counts = await foldMessageCounts(tx, batch);
    return periods >= batch || counts >= batch;
  });
}

/**
 * The periods opened in the range, counted with their medians and 90th percentiles, overall, per local
 * day, per responder and per resolver; from the rollup, or `recounted` from the histories.
 */
export function periodFiguresIn(db: Queryable, organizationId: string, range: Instants, timeZone: string, source?: FigureSource): Promise<PeriodsByKey> {
  return periodFigures(db, organizationId, range, timeZone, source);
}

/** Messages in and out per local hour of the range, thread notes aside; from the rollup, or `recounted` from the messages. */
export function messagesPerHourIn(db: Queryable, organizationId: string, range: Instants, timeZone: string, source?: FigureSource): Promise<HourCount[]> {
  return messagesPerHour(db, organizationId, range, timeZone, source);
}

/** How far the organization's kept rollups are from a full recount: periods differing and quarter hours miscounted (0 and 0 when exact). */
export async function rollupDrift(db: Queryable, organizationId: string): Promise<{ periods: number; quarters: number }> {
  const [kept, recounted, quarters] = await Promise.all([keptPeriods(db, organizationId), recountedPeriods(db, organizationId), messageCountDrift(db, organizationId)]);
  const keys = (rows: typeof kept) => new Set(rows.map((row) => JSON.stringify(row)));
  const [a, b] = [keys(kept), keys(recounted)];
  return { periods: [...a].filter((key) => !b.has(key)).length + [...b].filter((key) => !a.has(key)).length, quarters };
}
