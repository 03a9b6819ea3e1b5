import type { FastifyBaseLogger } from 'fastify';

/**
 * A background worker over a database queue: `drain()` runs `step` until it reports no more work
 * (calls during a run make it go round again, so nothing kicked meanwhile waits for the next poll),
 * a timer polls for due retries and rows other processes left behind, and `stop()` waits for the
 * step in progress. Tests await `drain()` instead of sleeping.
 */
export class DrainLoop {
  private running: Promise<void> | null = null;
  private dirty = false;
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly name: string,
    /** Does one batch; answers whether it found any work. */
    private readonly step: () => Promise<boolean>,
    private readonly log: FastifyBaseLogger,
    private readonly pollIntervalMs: number,
  ) {}

  /**
   * Starts polling; the first run is right away unless `waitForFirstPoll`. An infinite interval sets no
   * timer (setInterval would take it as 1 ms): the loop then runs only when drained.
   */
  start({ waitForFirstPoll = false } = {}): void {
    if (Number.isFinite(this.pollIntervalMs)) {
      this.timer = setInterval(() => void this.drain(), this.pollIntervalMs);
      this.timer.unref();
    }
    if (!waitForFirstPoll) void this.drain();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  drain(): Promise<void> {
    this.dirty = true;
    if (this.stopped) return Promise.resolve();
    this.running ??= this.loop();
    return this.running;
  }

  private async loop(): Promise<void> {
    // Yields first, so `drain` has stored this run before its `finally` can clear it (a step that throws at once).
    await Promise.resolve();
    try {
      while (this.dirty && !this.stopped) {
        this.dirty = false;
        while (!this.stopped && (await this.step()));
      }
    } catch (error) {
      // The database is unreachable or similar: the next poll tries again; nothing is lost.
      this.log.error({ err: error, worker: this.name }, 'background worker failed');
    } finally {
      // In the same tick as the last look at `dirty`: a drain asked for from here on starts a new run
      // and waits for it, instead of being handed this run's promise, which ends without looking again.
      this.running = null;
    }
    if (this.dirty && !this.stopped) void this.drain();
  }
}
