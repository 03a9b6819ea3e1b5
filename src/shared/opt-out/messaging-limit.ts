/**
 * Meta's messaging limit tiers (`whatsapp_business_manager_messaging_limit`): how many customers a
 * number may start business-initiated conversations with in a moving 24 hours. Unknown names read as
 * no known limit, so Parley never warns on a guess.
 */
const TIER_LIMITS: Record<string, number | null> = {
  TIER_50: 50,
  TIER_250: 250,
  TIER_1K: 1_000,
  TIER_2K: 2_000,
  TIER_10K: 10_000,
  TIER_100K: 100_000,
  TIER_UNLIMITED: null,
};

export function tierLimit(tier: string | null | undefined): number | null {
  if (!tier) return null;
  return TIER_LIMITS[tier.toUpperCase()] ?? null;
}

/** How many of `count` recipients Meta will refuse, given the limit and the customers already messaged. */
export function recipientsOverLimit(count: number, limit: number | null, messagedLast24h: number): number {
  if (limit === null) return 0;
  return Math.max(0, count - Math.max(0, limit - messagedLast24h));
}
