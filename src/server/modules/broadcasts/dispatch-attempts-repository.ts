import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { broadcastRecipients, dispatchAttempts } from '../../db/schema';

/**
 * The dispatch_attempts table's one writer: each claimed batch's attempt row (see the schema's
 * `dispatchAttempts` for the rule). `send_through` is the sending process's wall clock (`Date.now()`),
 * the same clock as its rows' `slot_at`, so the two compare exactly.
 */

/** Writes a batch's attempt row before its first send. */
export async function insertAttempt(db: Queryable, attemptId: string, sendThrough: Date): Promise<void> {
  await db.insert(dispatchAttempts).values({ attemptId, sendThrough });
}

/** A settled batch's attempt row is no longer needed: none of its rows is left `sending`. */
export async function deleteAttempt(db: Queryable, attemptId: string): Promise<void> {
  await db.delete(dispatchAttempts).where(eq(dispatchAttempts.attemptId, attemptId));
}

/**
 * Deletes the attempt rows a dead process (or an unsettled batch) left behind, once older than
 * `olderThanSeconds` and with no row of theirs still `sending` (a row's lease reconcile needs its
 * attempt's row: without one it would count the row as never sent). Answers how many.
 */
export async function deleteStaleAttempts(db: Queryable, olderThanSeconds: number): Promise<number> {
  const deleted = await db
    .delete(dispatchAttempts)
    .where(sql`${dispatchAttempts.sendThrough} < now() - make_interval(secs => ${olderThanSeconds}::float8)
      and not exists (
        select 1 from ${broadcastRecipients} r
        where r.state = 'sending' and r.attempt_id = ${dispatchAttempts.attemptId}
      )`)
    .returning({ attemptId: dispatchAttempts.attemptId });
  return deleted.length;
}
