import { useEffect, useRef } from 'react';
import { nextDelay } from './backoff';
import { usePageVisible } from '@client/components/use-page-visible';

export interface PollingOptions {
  intervalMs: number;
  /** The longest wait after repeated failures. */
  maxIntervalMs: number;
  /** False stops polling (nothing to poll yet). */
  enabled: boolean;
}

/**
 * Calls `tick` every `intervalMs` while the tab is visible, one call at a time (the next wait starts when
 * a call has settled). A failed tick (answering false, or throwing) doubles the wait up to
 * `maxIntervalMs`; a success resets it. Back in a visible tab, a tick that is overdue runs at once.
 */
export function usePolling(tick: () => Promise<boolean>, { intervalMs, maxIntervalMs, enabled }: PollingOptions): void {
  const visible = usePageVisible();
  const latestTick = useRef(tick);
  // When the last tick started (at first, when polling first started).
  const lastRunAt = useRef<number | null>(null);
  const delay = useRef(intervalMs);

  useEffect(() => {
    latestTick.current = tick;
  });

  // A new pace starts from its own interval (a slower one after a faster, and back at once).
  useEffect(() => {
    delay.current = intervalMs;
  }, [intervalMs]);

  useEffect(() => {
    if (!enabled || !visible) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const run = async () => {
      lastRunAt.current = Date.now();
      const succeeded = await latestTick.current().catch(() => false);
      if (stopped) return;
      delay.current = nextDelay(delay.current, succeeded, intervalMs, maxIntervalMs);
      timer = setTimeout(() => void run(), delay.current);
    };
    // The first tick waits a whole interval from the first start; a later start (a new pace, the tab
    // visible again) runs a tick that is already overdue at once.
    lastRunAt.current ??= Date.now();
    const sinceLast = Date.now() - lastRunAt.current;
    const overdueIn = Math.max(0, delay.current - sinceLast);
    timer = setTimeout(() => void run(), overdueIn);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [enabled, visible, intervalMs, maxIntervalMs]);
}
