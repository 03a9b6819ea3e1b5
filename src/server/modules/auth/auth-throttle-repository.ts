import { and, gt, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { authThrottle } from '../../db/schema';

/** The auth_throttle table's one writer (Drizzle only): one attempt counter per key. */

const at = (time: Date) => sql`${time.toISOString()}::timestamptz`;

/** When each of these keys that is blocked at `now` stops being blocked. */
export async function findBlockedUntil(db: Queryable, keys: string[], now: Date): Promise<Date[]> {
  const rows = await db
    .select({ blockedUntil: authThrottle.blockedUntil })
    .from(authThrottle)
    .where(and(inArray(authThrottle.key, keys), gt(authThrottle.blockedUntil, now)));
  return rows.flatMap((row) => (row.blockedUntil ? [row.blockedUntil] : []));
}

/**
 * Counts one attempt for a key unless the key is blocked at `now`, in one statement: the row lock the
 * upsert takes makes parallel attempts count one after another, each seeing the others' counts. A window
 * that began more than `windowMs` ago starts afresh. Answers the counter as it now stands, or null when
 * the key is blocked (nothing was counted).
 */
export async function countAttemptUnlessBlocked(
  db: Queryable,
  key: string,
  windowMs: number,
  now: Date,
): Promise<{ failures: number; windowStartedAt: Date } | null> {
  const windowOver = sql`${authThrottle.windowStartedAt} < ${at(new Date(now.getTime() - windowMs))}`;
  const [counter] = await db
    .insert(authThrottle)
    .values({ key, failures: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures: sql`case when ${windowOver} then 1 else ${authThrottle.failures} + 1 end`,
        windowStartedAt: sql`case when ${windowOver} then ${at(now)} else ${authThrottle.windowStartedAt} end`,
      },
      setWhere: sql`${authThrottle.blockedUntil} is null or ${authThrottle.blockedUntil} <= ${at(now)}`,
    })
    .returning({ failures: authThrottle.failures, windowStartedAt: authThrottle.windowStartedAt });
  return counter ?? null;
}

/** Takes back one counted attempt; a block that only the attempt's count caused is lifted with it. */
export async function uncountAttempt(db: Queryable, key: string, limit: number): Promise<void> {
  await db
    .update(authThrottle)
    .set({
      failures: sql`greatest(${authThrottle.failures} - 1, 0)`,
      blockedUntil: sql`case when ${authThrottle.failures} - 1 < ${limit} then null else ${authThrottle.blockedUntil} end`,
    })
    .where(sql`${authThrottle.key} = ${key}`);
}

export async function blockKey(db: Queryable, key: string, blockedUntil: Date): Promise<void> {
  await db.update(authThrottle).set({ blockedUntil }).where(sql`${authThrottle.key} = ${key}`);
}

export async function deleteKeys(db: Queryable, keys: string[]): Promise<void> {
  await db.delete(authThrottle).where(inArray(authThrottle.key, keys));
}

/** Deletes the counters whose window began before `windowStartedBefore` and that are not blocked at `now`; answers how many. */
export async function deleteIdleCounters(db: Queryable, windowStartedBefore: Date, now: Date): Promise<number> {
  const deleted = await db
    .delete(authThrottle)
    .where(and(lt(authThrottle.windowStartedAt, windowStartedBefore), or(isNull(authThrottle.blockedUntil), lte(authThrottle.blockedUntil, now))))
    .returning({ key: authThrottle.key });
  return deleted.length;
}
