import { and, gt, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { authThrottle } from '../../db/schema';
import { rateLimited } from '../../lib/domain-error';

/**
 * Failure counters in the database, so every server process shares them. A rule counts events for
 * one key within a window; past its limit the key is blocked, either with a delay that doubles with
 * each further failure (no hard lock-out an attacker could use against a victim) or until the window
 * ends.
 */
export interface ThrottleRule {
  key: string;
  windowMs: number;
  limit: number;
  block: 'growing' | 'until-window-end';
}

const FIRST_DELAY_MS = 30_000;
const MAX_GROWING_DELAY_MS = 15 * 60_000;

/** Throws 429 with Retry-After when any of the rules' keys is blocked now. */
export async function assertNotBlocked(db: Queryable, rules: ThrottleRule[], message: string): Promise<void> {
  const now = new Date();
  const blocked = await db
    .select({ blockedUntil: authThrottle.blockedUntil })
    .from(authThrottle)
    .where(and(inArray(authThrottle.key, rules.map((r) => r.key)), gt(authThrottle.blockedUntil, now)));
  if (blocked.length === 0) return;
  const until = Math.max(...blocked.map((b) => b.blockedUntil?.getTime() ?? 0));
  const seconds = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
  throw rateLimited(message, seconds);
}

/** Counts one event against every rule, blocking the keys that went past their limit. */
export async function recordEvent(db: Queryable, rules: ThrottleRule[]): Promise<void> {
  for (const rule of rules) {
    const windowStart = sql`${new Date(Date.now() - rule.windowMs).toISOString()}::timestamptz`;
    const [counter] = await db
      .insert(authThrottle)
      .values({ key: rule.key, failures: 1, windowStartedAt: new Date() })
      .onConflictDoUpdate({
        target: authThrottle.key,
        set: {
          failures: sql`case when ${authThrottle.windowStartedAt} < ${windowStart} then 1 else ${authThrottle.failures} + 1 end`,
          windowStartedAt: sql`case when ${authThrottle.windowStartedAt} < ${windowStart} then now() else ${authThrottle.windowStartedAt} end`,
          blockedUntil: sql`case when ${authThrottle.windowStartedAt} < ${windowStart} then null else ${authThrottle.blockedUntil} end`,
        },
      })
      .returning();
    if (counter.failures < rule.limit) continue;
    const blockedUntil =
      rule.block === 'growing'
        ? new Date(Date.now() + Math.min(FIRST_DELAY_MS * 2 ** (counter.failures - rule.limit), MAX_GROWING_DELAY_MS))
        : new Date(counter.windowStartedAt.getTime() + rule.windowMs);
    await db.update(authThrottle).set({ blockedUntil }).where(sql`${authThrottle.key} = ${rule.key}`);
  }
}

/** Forgets a key's failures, e.g. after a successful sign-in. */
export async function resetKeys(db: Queryable, keys: string[]): Promise<void> {
  await db.delete(authThrottle).where(inArray(authThrottle.key, keys));
}
