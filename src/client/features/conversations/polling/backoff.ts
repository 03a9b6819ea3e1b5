/** The wait before the next poll: the normal interval after a success, doubled after each failure up to `maxMs`. */
export function nextDelay(previousMs: number, succeeded: boolean, intervalMs: number, maxMs: number): number {
  return succeeded ? intervalMs : Math.min(Math.max(previousMs, intervalMs) * 2, Math.max(maxMs, intervalMs));
}
