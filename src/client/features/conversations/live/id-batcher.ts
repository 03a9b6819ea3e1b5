/**
 * Collects ids and hands them to `run` in batches: never two runs at once, a run at most every `gapMs`
 * (a slow answer delays the next one, so a busy server is asked less, not more), at most `maxIds` a
 * run (the rest wait for the next). Ids added while a run is in flight wait for the next run.
 */
export interface IdBatcher {
  add(ids: readonly string[]): void;
  stop(): void;
}

export function idBatcher(run: (ids: string[]) => Promise<unknown>, gapMs: number, maxIds: number): IdBatcher {
  const pending = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running = false;
  let stopped = false;
  let lastRunAt = -Infinity;

  const schedule = () => {
    if (stopped || running || timer !== null || pending.size === 0) return;
    timer = setTimeout(() => void next(), Math.max(0, lastRunAt + gapMs - Date.now()));
  };
  const next = async () => {
    timer = null;
    const ids = [...pending].slice(0, maxIds);
    for (const id of ids) pending.delete(id);
    running = true;
    lastRunAt = Date.now();
    try {
      await run(ids);
    } finally {
      running = false;
      schedule();
    }
  };

  return {
    add(ids) {
      for (const id of ids) pending.add(id);
      schedule();
    },
    stop() {
      stopped = true;
      if (timer !== null) clearTimeout(timer);
    },
  };
}
