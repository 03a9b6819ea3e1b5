/**
 * POST /broadcast/audience/check: who a broadcast of this template to this audience would reach, and
 * whether the number's messaging limit lets all of them be sent today.
 */
export interface AudienceCheckResponse {
  /** Distinct live contacts in the audience. */
  total: number;
  /** Of them, opted out of marketing and left out (a MARKETING template only; 0 otherwise). */
  optedOut: number;
  /** The contacts the broadcast will be sent to: total − optedOut. */
  count: number;
  messagingLimit: MessagingLimit;
}

export interface MessagingLimit {
  /** Meta's tier as read from the Graph API (e.g. TIER_2K); null when it could not be read. */
  tier: string | null;
  /** Customers the number may start conversations with in 24 hours; null when unlimited or unknown. */
  limit: number | null;
  /** Customers already sent a template in the last 24 hours. */
  messagedLast24h: number;
  /** How many more it may reach now (null: no known limit). */
  available: number | null;
  /** Recipients Meta will refuse (131049/130472, not retried): 0 when the audience fits. */
  overBy: number;
}
