/**
 * Meta delivers webhooks at least once and in any order; tests replay that with a seeded shuffle, so a
 * failure can be reproduced.
 */

/** The status ranks a delivery plan uses (`sending` never arrives by webhook). */
export const DELIVERED_RANK = { sent: 1, failed: 2, delivered: 3, read: 4 } as const;
export type DeliveredStatus = keyof typeof DELIVERED_RANK;

/** A deterministic random number generator in [0, 1) (Park–Miller). */
export function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
}

/** The items in a random order (Fisher–Yates). */
export function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

/** The status a message ends in after these reports, whatever their order. */
export function finalStatus(statuses: readonly DeliveredStatus[]): DeliveredStatus {
  return statuses.reduce<DeliveredStatus>((best, status) => (DELIVERED_RANK[status] > DELIVERED_RANK[best] ? status : best), 'sent');
}
