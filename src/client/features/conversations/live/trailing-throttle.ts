/**
 * Runs `run` at most once every `ms`: a call in a quiet moment runs at once, calls within `ms` of a run
 * become one run when the `ms` are up, so the last call is always followed by a run.
 */
export interface Throttle {
  call(): void;
  stop(): void;
}

export function trailingThrottle(run: () => void, ms: number): Throttle {
  let lastRunAt = -Infinity;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const fire = () => {
    timer = null;
    lastRunAt = Date.now();
    run();
  };
  return {
    call() {
      if (timer !== null) return;
      const wait = lastRunAt + ms - Date.now();
      if (wait <= 0) fire();
      else timer = setTimeout(fire, wait);
    },
    stop() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
