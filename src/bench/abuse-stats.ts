/**
 * The abuse bench's arithmetic: one clock shared by the worker threads, answers counted by status,
 * latency spreads, and periodic samples (RSS, a folder's size) read back per phase.
 */

/**
 * Milliseconds since the epoch, sub-millisecond. `performance.now()` alone starts at each thread's own
 * origin; adding `timeOrigin` puts the probe worker's samples and the phases on the same clock.
 */
export const nowMs = () => performance.timeOrigin + performance.now();

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)));
export const sleepUntil = (at: number) => sleep(at - nowMs());

export const ms = (value: number) => `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;
export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0)} MB`;

/** Answers counted by status ("400", "no answer (ECONNRESET)", "cut at phase end"), as a client saw them. */
export class StatusTally {
  private readonly counts = new Map<string, number>();

  add(status: number | string, times = 1): void {
    if (times <= 0) return;
    const key = String(status);
    this.counts.set(key, (this.counts.get(key) ?? 0) + times);
  }

  get total(): number {
    return [...this.counts.values()].reduce((sum, n) => sum + n, 0);
  }

  /** "400 × 57, 413 × 3, no answer (EPIPE) × 2": statuses first, in numeric order. */
  describe(): string {
    if (this.counts.size === 0) return 'none';
    return [...this.counts.entries()]
      .sort(([a], [b]) => a.localeCompare(b, 'en', { numeric: true }))
      .map(([status, n]) => `${status} × ${n.toLocaleString('en')}`)
      .join(', ');
  }
}

/** The node error code behind a failed request (undici wraps it in `cause`), for a tally key. */
export function failureCode(error: unknown): string {
  const codeOf = (value: unknown): string | undefined => {
    if (typeof value !== 'object' || value === null) return undefined;
    const code = (value as { code?: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  };
  const cause = error instanceof Error ? error.cause : undefined;
  return codeOf(cause) ?? codeOf(error) ?? (error instanceof Error ? error.name : 'unknown');
}

export interface Spread {
  count: number;
  p50: number;
  p95: number;
  max: number;
}

/** The q-quantile (0..1) of ascending values, nearest rank; 0 when there are none. */
export const percentile = (sorted: number[], q: number) => (sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]);

export function spreadOf(values: number[]): Spread {
  const sorted = [...values].sort((a, b) => a - b);
  return { count: sorted.length, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), max: sorted.length ? sorted[sorted.length - 1] : 0 };
}

export const describeSpread = (s: Spread) => `p50 ${ms(s.p50)} / p95 ${ms(s.p95)} / max ${ms(s.max)}, n=${s.count}`;

export interface Sample {
  at: number;
  value: number;
}

/** Reads `read()` every `everyMs` (and once at once) until stopped; a null reading is skipped. */
export function startSampler(everyMs: number, read: () => number | null): { samples: Sample[]; stop: () => void } {
  const samples: Sample[] = [];
  const take = () => {
    const value = read();
    if (value !== null) samples.push({ at: nowMs(), value });
  };
  take();
  const timer = setInterval(take, everyMs);
  return { samples, stop: () => clearInterval(timer) };
}

export interface Window {
  start: number;
  end: number;
}

export const within = (at: number, window: Window) => at >= window.start && at < window.end;

/** The largest sample in the window, or null when none fell in it. */
export function maxIn(samples: Sample[], window: Window): number | null {
  const values = samples.filter((s) => within(s.at, window)).map((s) => s.value);
  return values.length ? Math.max(...values) : null;
}

/** The last sample taken before `at` (the state at a moment), or null. */
export function lastBefore(samples: Sample[], at: number): number | null {
  let found: number | null = null;
  for (const sample of samples) if (sample.at < at) found = sample.value;
  return found;
}
