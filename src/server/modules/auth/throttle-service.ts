import type { Queryable } from '../../db/database';
import { rateLimited } from '../../lib/domain-error';
import { blockKey, countEvent, deleteKeys, findBlockedUntil } from './auth-throttle-repository';

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
  const blocked = await findBlockedUntil(db, rules.map((r) => r.key), now);
  if (blocked.length === 0) return;
  const until = Math.max(...blocked.map((b) => b.getTime()));
  const seconds = Math.max(1, Math.ceil((until - now.getTime()) / 1000));
  throw rateLimited(message, seconds);
}

/** Counts one event against every rule, blocking the keys that went past their limit. */
export async function recordEvent(db: Queryable, rules: ThrottleRule[]): Promise<void> {
  for (const rule of rules) {
    const counter = await countEvent(db, rule.key, rule.windowMs);
    if (counter.failures < rule.limit) continue;
    const blockedUntil =
      rule.block === 'growing'
        ? new Date(Date.now() + Math.min(FIRST_DELAY_MS * 2 ** (counter.failures - rule.limit), MAX_GROWING_DELAY_MS))
        : new Date(counter.windowStartedAt.getTime() + rule.windowMs);
    await blockKey(db, rule.key, blockedUntil);
  }
}

/** Forgets a key's failures, e.g. after a successful sign-in. */
export async function resetKeys(db: Queryable, keys: string[]): Promise<void> {
  await deleteKeys(db, keys);
}
