import { eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { broadcastRecipients, dispatchAttempts } from '../../db/schema';

/**
 * The dispatch_attempts table's one writer: each claimed batch's send watermark (see the schema's
 * `dispatchAttempts` for the rule). `send_through` is the sending process's wall clock (`Date.now()`),
 * the same clock as its rows' `slot_at`, so the two compare exactly.
 */

/** Writes a batch's watermark before its first send (in the transaction that also sets its rows' slots). */
export async function insertAttempt(db: Queryable, attemptId: string, sendThrough: Date): Promise<void> {
  await db.insert(dispatchAttempts).values({ attemptId, sendThrough });
}

/** Moves the watermark of these attempts forward to `sendThrough` (never backwards), in one statement. */
export async function extendAttempts(db: Queryable, attemptIds: readonly string[], sendThrough: Date): Promise<void> {
  if (attemptIds.length === 0) return;
  await db
    .update(dispatchAttempts)
    .set({ sendThrough: sql`greatest(${dispatchAttempts.sendThrough}, ${sendThrough.toISOString()}::timestamptz)` })
    .where(inArray(dispatchAttempts.attemptId, [...attemptIds]));
}

/** A settled batch's watermark is no longer needed: none of its rows is left `sending`. */
export async function deleteAttempt(db: Queryable, attemptId: string): Promise<void> {
  await db.delete(dispatchAttempts).where(eq(dispatchAttempts.attemptId, attemptId));
}

/**
 * Deletes the watermarks a dead process (or an unsettled batch) left behind, once older than
 * `olderThanSeconds` and with no row of theirs still `sending` (a row's lease reconcile needs its
 * attempt's watermark: without one it would count the row as never sent). Answers how many.
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
