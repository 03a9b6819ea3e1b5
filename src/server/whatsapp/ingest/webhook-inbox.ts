import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { DrainLoop } from '../../lib/drain-loop';
import {
  claimDueEvents, deleteProcessedBefore, insertEvents, markEventFailed, markEventProcessed, type ClaimedEvent,
} from '../../modules/webhooks/webhook-events-repository';
import { expirePendingStatuses } from '../../modules/conversations/messages-service';
import { processWebhookEvent, type ProcessResult } from './process-event';
import { hasInboundMessages } from './webhook-payload';

export interface WebhookInboxOptions {
  /** Events claimed per round trip. */
  batchSize?: number;
  /** Attempts before an event is dead-lettered. */
  maxAttempts?: number;
  /** How often the worker looks for due retries and events another process left behind. */
  pollIntervalMs?: number;
  /** A claimed event is invisible to other workers this long; if its worker dies, it comes back. */
  leaseSeconds?: number;
  /** Told after each processed event (the media fetcher listens for new inbound media). */
  onProcessed?: (result: ProcessResult) => void;
  /** What processing an event means; the real thing unless a test needs a failing one. */
  process?: (db: Database, payload: unknown, log: FastifyBaseLogger) => Promise<ProcessResult>;
}

const HOUSEKEEPING_EVERY_MS = 3_600_000;
/** The longest the worker waits for acknowledgements in flight before processing the next event. */
const MAX_YIELD_MS = 250;
/** The most events one group-commit insert writes. */
const MAX_GROUP_COMMIT = 100;
/** Processed events are kept this long for audit (every raw status report included), then deleted. */
const KEEP_PROCESSED_DAYS = 30;

/**
 * The webhook inbox. Meta wants a fast 200 and retries (for days) what it does not get, so `store` is
 * the only thing the HTTP request waits for: once the event is durable it can be acknowledged. A worker
 * then drains the table — inbound-message events first — with retries and backoff, and dead-letters an
 * event that keeps failing rather than dropping it. Claims are leased, so several server processes can
 * share one PostgreSQL without processing an event twice at the same time (and processing is
 * idempotent anyway, since Meta delivers at least once). `drain()` resolves when nothing is due: tests
 * await it.
 */
export class WebhookInbox {
  private readonly batchSize: number;
  private readonly maxAttempts: number;
  private readonly leaseSeconds: number;
  private readonly worker: DrainLoop;
  private lastHousekeeping = 0;
  /** Acknowledgements waiting for their insert; the worker gives them way (see `yieldToAcks`). */
  private storing = 0;
  private readonly queued: Array<{ payload: unknown; resolve: () => void; reject: (error: unknown) => void }> = [];
  private acksDone: Promise<void> = Promise.resolve();
  private releaseAcks: () => void = () => undefined;

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
    private readonly options: WebhookInboxOptions = {},
  ) {
    this.batchSize = options.batchSize ?? 50;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.leaseSeconds = options.leaseSeconds ?? 120;
    this.worker = new DrainLoop('webhook-inbox', () => this.step(), log, options.pollIntervalMs ?? 5_000);
  }

  /**
   * Stores a verified event; answers once it is durable. Events arriving together are written by
   * one multi-row insert (a group commit): under a burst each acknowledgement costs a fraction of a
   * statement, and none waits longer than one event-loop turn for its batch to start.
   */
  store(payload: unknown): Promise<void> {
    if (this.storing === 0) this.acksDone = new Promise((resolve) => (this.releaseAcks = resolve));
    this.storing += 1;
    return new Promise<void>((resolve, reject) => {
      this.queued.push({ payload, resolve, reject });
      if (this.queued.length === 1) setImmediate(() => void this.flush());
    }).finally(() => {
      this.storing -= 1;
      if (this.storing === 0) this.releaseAcks();
    });
  }

  private async flush(): Promise<void> {
    const batch = this.queued.splice(0, MAX_GROUP_COMMIT);
    if (this.queued.length > 0) setImmediate(() => void this.flush());
    const row = (payload: unknown) => ({ payload, priority: hasInboundMessages(payload) ? 0 : 1 });
    try {
      await insertEvents(this.db, batch.map(({ payload }) => row(payload)));
      for (const { resolve } of batch) resolve();
    } catch {
      // One event the database refuses must not fail the others it was grouped with.
      for (const { payload, resolve, reject } of batch) {
        await insertEvents(this.db, [row(payload)]).then(resolve, reject);
      }
    }
  }

  start(): void {
    this.worker.start();
  }

  stop(): Promise<void> {
    return this.worker.stop();
  }

  /** Processes everything due now (also what arrives meanwhile); resolves when the inbox is idle. */
  drain(): Promise<void> {
    return this.worker.drain();
  }

  private async step(): Promise<boolean> {
    const batch = await this.claim();
    for (const event of batch) {
      await this.yieldToAcks();
      await this.processOne(event);
    }
    if (batch.length === 0) await this.housekeeping();
    return batch.length > 0;
  }

  /**
   * Meta wants its 200 fast; processing can wait a moment. Before each event the worker lets waiting
   * requests run and, while acknowledgements are being stored, waits for them (bounded, so a
   * sustained burst cannot starve processing). With the embedded database every query shares this
   * thread and one connection, so this is what keeps the acknowledgement latency low under load.
   */
  private async yieldToAcks(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    if (this.storing === 0) return;
    await Promise.race([this.acksDone, new Promise((resolve) => setTimeout(resolve, MAX_YIELD_MS))]);
  }

  private claim(): Promise<ClaimedEvent[]> {
    return claimDueEvents(this.db, this.batchSize, this.leaseSeconds);
  }

  private async processOne(event: ClaimedEvent): Promise<void> {
    try {
      const result = await (this.options.process ?? processWebhookEvent)(this.db, event.payload, this.log);
      await markEventProcessed(this.db, event.id);
      this.options.onProcessed?.(result);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const dead = event.attempts >= this.maxAttempts;
      this.log.error({ err: error, eventId: event.id, attempts: event.attempts, dead }, 'webhook event processing failed');
      await markEventFailed(this.db, event.id, message, dead ? null : Math.min(5 * 2 ** (event.attempts - 1), 3_600));
    }
  }

  private async housekeeping(): Promise<void> {
    if (Date.now() - this.lastHousekeeping < HOUSEKEEPING_EVERY_MS) return;
    this.lastHousekeeping = Date.now();
    const expired = await expirePendingStatuses(this.db);
    if (expired > 0) this.log.info({ expired }, 'forgot statuses for messages never stored');
    await deleteProcessedBefore(this.db, KEEP_PROCESSED_DAYS);
  }
}
