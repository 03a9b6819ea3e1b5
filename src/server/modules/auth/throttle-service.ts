import type { Database, Queryable } from '../../db/database';
import { rateLimited } from '../../lib/domain-error';
import { blockKey, countAttemptUnlessBlocked, deleteIdleCounters, deleteKeys, findBlockedUntil, uncountAttempt } from './auth-throttle-repository';

/**
 * Attempt counters in the database, so every server process shares them. A rule counts attempts for
 * one key within a window; the attempt that reaches its limit blocks the key, either with a delay that
 * doubles with each further attempt (no hard lock-out an attacker could use against a victim) or until
 * the window ends.
 */
export interface ThrottleRule {
  key: string;
  windowMs: number;
  limit: number;
  block: 'growing' | 'until-window-end';
}

/**
 * No rule's window is longer: a counter whose window began before that and that blocks nothing counts
 * like no counter at all (the next attempt starts a new window), so it can be deleted.
 */
export const LONGEST_WINDOW_MS = 24 * 3_600_000;

const FIRST_DELAY_MS = 30_000;
const MAX_GROWING_DELAY_MS = 15 * 60_000;

/**
 * Counts an attempt against every rule before it is tried, or refuses it with 429 and Retry-After when
 * any rule's key is blocked. Count and check are one atomic step per key, in one transaction for all the
 * rules, so parallel attempts cannot all pass a check made before any of them was counted, and a refused
 * attempt counts nowhere.
 */
export async function claimAttempt(db: Database, rules: ThrottleRule[], message: string): Promise<void> {
  const now = new Date();
  await db.transaction(async (tx) => {
    for (const rule of rules) {
      if (rule.windowMs > LONGEST_WINDOW_MS) throw new Error(`throttle rule ${rule.key}: a window longer than LONGEST_WINDOW_MS would be pruned early`);
      const counter = await countAttemptUnlessBlocked(tx, rule.key, rule.windowMs, now);
      if (!counter) throw await refusal(tx, rule.key, now, message);
      if (counter.failures >= rule.limit) await blockKey(tx, rule.key, blockedUntil(rule, counter, now));
    }
  });
}

/** Gives back an attempt that turned out not to be a failure (a successful sign-in). */
export async function releaseAttempt(db: Queryable, rules: ThrottleRule[]): Promise<void> {
  for (const rule of rules) await uncountAttempt(db, rule.key, rule.limit);
}

/** Forgets a key's attempts, e.g. consecutive failures after a successful sign-in. */
export async function resetKeys(db: Queryable, keys: string[]): Promise<void> {
  await deleteKeys(db, keys);
}

/** Deletes the counters that count like none (see LONGEST_WINDOW_MS) at `now`; answers how many. */
export function pruneIdleCounters(db: Queryable, now = new Date()): Promise<number> {
  return deleteIdleCounters(db, new Date(now.getTime() - LONGEST_WINDOW_MS), now);
}

function blockedUntil(rule: ThrottleRule, counter: { failures: number; windowStartedAt: Date }, now: Date): Date {
  if (rule.block === 'until-window-end') return new Date(counter.windowStartedAt.getTime() + rule.windowMs);
  return new Date(now.getTime() + Math.min(FIRST_DELAY_MS * 2 ** (counter.failures - rule.limit), MAX_GROWING_DELAY_MS));
}

async function refusal(db: Queryable, key: string, now: Date, message: string): Promise<Error> {
  const [until = now] = await findBlockedUntil(db, [key], now);
  return rateLimited(message, Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000)));
}
