import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { DrainLoop } from '../../lib/drain-loop';
import { startDueScheduledBroadcast } from './broadcast-drafts-service';

/** How often the scheduler looks for broadcasts whose time has come: well inside the 5 s a start may take. */
const SCHEDULE_POLL_MS = 1_000;

/**
 * Starts scheduled broadcasts when their time comes, on every process (the database decides which one
 * starts each), and hands them to the dispatcher at once. Nothing is kept in memory: a broadcast
 * scheduled before a restart starts on the first poll after it.
 */
export class BroadcastScheduler {
  private readonly worker: DrainLoop;

  constructor(
    private readonly db: Database,
    log: FastifyBaseLogger,
    /** Called after a broadcast started, to wake the dispatcher. */
    private readonly onStarted: () => void,
    pollIntervalMs = SCHEDULE_POLL_MS,
  ) {
    this.worker = new DrainLoop('broadcast-scheduler', () => this.step(), log, pollIntervalMs);
  }

  start(): void {
    this.worker.start();
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }

  /** Starts every broadcast due now (tests await it). */
  drain(): Promise<void> {
    return this.worker.drain();
  }

  private async step(): Promise<boolean> {
    const started = await startDueScheduledBroadcast(this.db);
    if (started) this.onStarted();
    return started;
  }
}
