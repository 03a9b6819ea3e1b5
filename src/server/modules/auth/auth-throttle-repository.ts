import { and, gt, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { authThrottle } from '../../db/schema';

/** The auth_throttle table's one writer (Drizzle only): one failure counter per key. */

/** When each of these keys that is blocked at `now` stops being blocked. */
export async function findBlockedUntil(db: Queryable, keys: string[], now: Date): Promise<Date[]> {
  const rows = await db
    .select({ blockedUntil: authThrottle.blockedUntil })
    .from(authThrottle)
    .where(and(inArray(authThrottle.key, keys), gt(authThrottle.blockedUntil, now)));
  return rows.flatMap((row) => (row.blockedUntil ? [row.blockedUntil] : []));
}

/**
 * Counts one event for a key, starting its window afresh (and lifting its block) when the window that
 * began more than `windowMs` ago is over; answers the counter as it now stands.
 */
export async function countEvent(db: Queryable, key: string, windowMs: number): Promise<{ failures: number; windowStartedAt: Date }> {
  const windowStart = sql`${new Date(Date.now() - windowMs).toISOString()}::timestamptz`;
  const [counter] = await db
    .insert(authThrottle)
    .values({ key, failures: 1, windowStartedAt: new Date() })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        failures: sql`case when ${authThrottle.windowStartedAt} < ${windowStart} then 1 else ${authThrottle.failures} + 1 end`,
        windowStartedAt: sql`case when ${authThrottle.windowStartedAt} < ${windowStart} then now() else ${authThrottle.windowStartedAt} end`,
        blockedUntil: sql`case when ${authThrottle.windowStartedAt} < ${windowStart} then null else ${authThrottle.blockedUntil} end`,
      },
    })
    .returning({ failures: authThrottle.failures, windowStartedAt: authThrottle.windowStartedAt });
  return counter;
}

export async function blockKey(db: Queryable, key: string, blockedUntil: Date): Promise<void> {
  await db.update(authThrottle).set({ blockedUntil }).where(sql`${authThrottle.key} = ${key}`);
}

export async function deleteKeys(db: Queryable, keys: string[]): Promise<void> {
  await db.delete(authThrottle).where(inArray(authThrottle.key, keys));
}
