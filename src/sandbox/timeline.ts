/**
 * Every delayed thing the sandbox does (status callbacks, customer replies, webhook retries) goes
 * through here, so closing the sandbox cancels all of it, and tests can wait until nothing is left
 * (`settle`) instead of sleeping.
 */
export class Timeline {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly busy = new Set<Promise<unknown>>();
  private closed = false;

  /** Runs `task` after `delayMs`; errors are reported, never thrown into the timer. */
  after(delayMs: number, task: () => Promise<void> | void, onError: (error: unknown) => void): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (this.closed) return;
      void this.track(Promise.resolve().then(task).catch(onError));
    }, Math.max(0, delayMs));
    this.timers.add(timer);
  }

  /** Keeps track of work in progress, for `settle`. */
  track<T>(work: Promise<T>): Promise<T> {
    this.busy.add(work);
    void work.finally(() => this.busy.delete(work)).catch(() => undefined);
    return work;
  }

  /** Resolves once no timer is pending and no tracked work is running (bounded, for tests). */
  async settle(timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.timers.size > 0 || this.busy.size > 0) {
      if (Date.now() > deadline) throw new Error(`sandbox did not settle: ${this.timers.size} timers, ${this.busy.size} busy`);
      if (this.busy.size > 0) await Promise.allSettled([...this.busy]);
      else await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  get pending(): number {
    return this.timers.size + this.busy.size;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    await Promise.allSettled([...this.busy]);
  }
}
