import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DrainLoop } from '../lib/drain-loop';
import type { Database } from './database';

/** How often the embedded database is vacuumed when nothing asks sooner. */
export const MAINTENANCE_INTERVAL_MS = 10 * 60_000;
/**
 * How long after a bulk write the vacuum waits: the embedded engine runs on the event loop, so a vacuum
 * started at once would hold back the very answer to the request that asked for it.
 */
export const AFTER_BULK_WRITE_DELAY_MS = 2_000;

/**
 * Autovacuum's job for the embedded database, which has no autovacuum of its own. Without it the row
 * versions that updates and soft deletes leave behind are never reclaimed, the planner's statistics go
 * stale, and the visibility map is never set, so an index-only walk (the contacts list) visits the
 * table for every row it skips. VACUUM only reads pages changed since the last run, so a regular run
 * is cheap; bulk writers (an import) ask for one soon after.
 */
export class EmbeddedMaintenance {
  private readonly loop: DrainLoop;
  private soon: NodeJS.Timeout | undefined;

  constructor(
    db: Database,
    log: FastifyBaseLogger,
    private readonly timing = { intervalMs: MAINTENANCE_INTERVAL_MS, afterBulkWriteDelayMs: AFTER_BULK_WRITE_DELAY_MS },
  ) {
    this.loop = new DrainLoop(
      'embedded-maintenance',
      async () => {
        await db.execute(sql`vacuum (analyze)`);
        return false;
      },
      log,
      timing.intervalMs,
    );
  }

  start(): void {
    this.loop.start({ waitForFirstPoll: true });
  }

  stop(): Promise<void> {
    clearTimeout(this.soon);
    return this.loop.stop();
  }

  /** After many rows changed at once: a vacuum a moment later (several calls meanwhile make one). */
  afterBulkWrite(): void {
    if (this.soon) return;
    this.soon = setTimeout(() => {
      this.soon = undefined;
      void this.loop.drain();
    }, this.timing.afterBulkWriteDelayMs);
    this.soon.unref();
  }

  /** A vacuum now; resolves when it is done. */
  vacuumNow(): Promise<void> {
    return this.loop.drain();
  }
}
