import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { webhookEvents } from '../../db/schema';

/** The webhook_events table (the webhook inbox): its one writer and reader (Drizzle only). */

export interface NewWebhookEvent {
  payload: unknown;
  /** 0 for events holding inbound messages, 1 for the rest: lower goes first. */
  priority: number;
}

export interface ClaimedEvent {
  id: string;
  payload: unknown;
  /** Including the one just claimed. */
  attempts: number;
}

export async function insertEvents(db: Queryable, events: NewWebhookEvent[]): Promise<void> {
  await db.insert(webhookEvents).values(events);
}

/**
 * Claims up to `limit` due events, highest priority first: each claim counts an attempt and hides the
 * event from every worker for `leaseSeconds` (FOR UPDATE SKIP LOCKED, so processes sharing the
 * database never claim the same event; if a worker dies, its events come back when the lease ends).
 */
export async function claimDueEvents(db: Queryable, limit: number, leaseSeconds: number): Promise<ClaimedEvent[]> {
  const due = db
    .select({ id: webhookEvents.id })
    .from(webhookEvents)
    .where(and(isNull(webhookEvents.processedAt), isNull(webhookEvents.deadAt), lte(webhookEvents.nextAttemptAt, sql`now()`)))
    .orderBy(asc(webhookEvents.priority), asc(webhookEvents.nextAttemptAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(webhookEvents)
    .set({
      attempts: sql`${webhookEvents.attempts} + 1`,
      nextAttemptAt: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })
    .where(inArray(webhookEvents.id, due))
    .returning({ id: webhookEvents.id, payload: webhookEvents.payload, attempts: webhookEvents.attempts, priority: webhookEvents.priority });
  return claimed.sort((a, b) => a.priority - b.priority).map(({ id, payload, attempts }) => ({ id, payload, attempts }));
}

/** Marks the events processed (and clears the error an earlier attempt left). */
export async function markEventsProcessed(db: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.update(webhookEvents).set({ processedAt: sql`now()`, lastError: null }).where(inArray(webhookEvents.id, [...ids]));
}

/** Records a failed attempt: the event is retried after `retryInSeconds`, or, when `retryInSeconds` is null, dead-lettered. */
export async function markEventFailed(db: Queryable, id: string, error: string, retryInSeconds: number | null): Promise<void> {
  await db
    .update(webhookEvents)
    .set(
      retryInSeconds === null
        ? { deadAt: new Date(), lastError: error }
        : { nextAttemptAt: sql`now() + make_interval(secs => ${retryInSeconds})`, lastError: error },
    )
    .where(eq(webhookEvents.id, id));
}

/** Deletes the events processed more than `days` days ago; answers how many. */
export async function deleteProcessedBefore(db: Queryable, days: number): Promise<number> {
  const deleted = await db
    .delete(webhookEvents)
    .where(lte(webhookEvents.processedAt, sql`now() - make_interval(days => ${days})`))
    .returning({ id: webhookEvents.id });
  return deleted.length;
}
