import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { rowsOf } from '../../db/rows-of';

const FOLD_LOCK = sql`hashtextextended('report-rollups-fold', 0)`;

/** The lock one fold at a time holds, in every process (transaction-scoped); false when another holds it. */
export async function tryLockFold(db: Queryable): Promise<boolean> {
  const [row] = rowsOf<{ locked: boolean }>(await db.execute(sql`select pg_try_advisory_xact_lock(${FOLD_LOCK}) as locked`));
  return row?.locked === true;
}
