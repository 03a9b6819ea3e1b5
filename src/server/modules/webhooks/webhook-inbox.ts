import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../../db/database';
import { DrainLoop } from '../../lib/drain-loop';
import {
  claimDueEvents, deleteProcessedBefore, insertEvents, markEventFailed, markEventsProcessed, type ClaimedEvent,
} from './webhook-events-repository';
import { expirePendingStatuses } from '../conversations';
import { processWebhookEvents, type ProcessResult } from './event-processing-service';
import { hasInboundMessages } from './webhook-payload';

export interface WebhookInboxOptions {
  /** Events one worker claims per round trip. */
  batchSize?: number;
  /**
   * Workers processing events at the same time, each claiming its own. One on the embedded database
   * (a single connection); several on PostgreSQL, whose pool serves them side by side.
   */
  workers?: number;
  /** Attempts before an event is dead-lettered. */
  maxAttempts?: number;
  /** How often the worker looks for due retries and events another process left behind. */
  pollIntervalMs?: number;
  /** A claimed event is invisible to other workers this long; if its worker dies, it comes back. */
  leaseSeconds?: number;
  /** Told after each processed batch (the media fetcher listens for new inbound media). */
  onProcessed?: (result: ProcessResult) => void;
  /** What processing events means; the real thing unless a test needs a failing one. */
  process?: (db: Database, payloads: readonly unknown[], log: FastifyBaseLogger) => Promise<ProcessResult>;
}

/**
 * How the inbox works on each engine. The embedded database has one connection, and its queries run on
 * this thread, where the acknowledgements are answered too: one worker takes one event at a time, so
 * an acknowledgement never waits behind more than one event's transaction. PostgreSQL runs beside the
 * process: a few workers (most of the pool stays free for requests, acknowledgements and the broadcast
 * dispatcher) each claim ten events and process them together.
 */
export function inboxSettingsFor(databaseKind: DatabaseHandle['kind']): Pick<WebhookInboxOptions, 'workers' | 'batchSize'> {
  return databaseKind === 'postgres' ? { workers: 4, batchSize: 10 } : { workers: 1, batchSize: 1 };
}

const HOUSEKEEPING_EVERY_MS = 3_600_000;
/** The longest a worker waits for acknowledgements in flight before processing its next batch. */
const MAX_YIELD_MS = 250;
/** The most events one group-commit insert writes. */
const MAX_GROUP_COMMIT = 100;
/** Processed events are kept this long for audit (every raw status report included), then deleted. */
const KEEP_PROCESSED_DAYS = 30;

/**
 * The webhook inbox. Meta wants a fast 200 and retries (for days) what it does not get, so `store` is
 * the only thing the HTTP request waits for: once the event is durable it can be acknowledged. A worker
 * then drains the table — inbound-message events first — with retries and backoff, and dead-letters an
 * event that keeps failing rather than dropping it. Claims are leased (FOR UPDATE SKIP LOCKED), so the
 * workers of one process, and of several processes sharing one PostgreSQL, never process an event twice
 * at the same time; processing is idempotent anyway, since Meta delivers at least once, and safe
 * between workers (contacts, conversations and messages converge on their unique keys, each
 * conversation's counters move under its row lock, statuses only ever move up). `drain()` resolves when
 * nothing is due: tests await it.
 */
export class WebhookInbox {
  private readonly batchSize: number;
  private readonly maxAttempts: number;
  private readonly leaseSeconds: number;
  private readonly workers: DrainLoop[];
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
    this.batchSize = options.batchSize ?? 10;
    this.maxAttempts = options.maxAttempts ?? 8;
    this.leaseSeconds = options.leaseSeconds ?? 120;
    this.workers = Array.from(
      { length: Math.max(1, options.workers ?? 1) },
      (_, i) => new DrainLoop(`webhook-inbox-${i + 1}`, () => this.step(), log, options.pollIntervalMs ?? 5_000),
    );
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
    for (const worker of this.workers) worker.start();
  }

  async stop(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.stop()));
  }

  /** Processes everything due now (also what arrives meanwhile); resolves when the inbox is idle. */
  async drain(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.drain()));
  }

  /**
   * One worker's round: claim a batch and process it together (its inbound messages, then its
   * statuses, in a few set-based statements per organization). If that fails, each event is processed
   * alone, so only the one that fails is retried or dead-lettered.
   */
  private async step(): Promise<boolean> {
    const batch = await this.claim();
    if (batch.length === 0) {
      await this.housekeeping();
      return false;
    }
    await this.yieldToAcks();
    const together = batch.length > 1 ? await this.attempt(batch) : null;
    if (together) {
      await this.finish(batch, [together]);
      return true;
    }
    const results: ProcessResult[] = [];
    const processed: ClaimedEvent[] = [];
    for (const event of batch) {
      if (batch.length > 1) await this.yieldToAcks();
      const result = await this.processAlone(event);
      if (result) {
        results.push(result);
        processed.push(event);
      }
    }
    await this.finish(processed, results);
    return true;
  }

  /**
   * Marks the events processed, in one statement after their processing: one processed but not yet
   * marked when the process dies is processed again after its lease, which changes nothing.
   */
  private async finish(processed: readonly ClaimedEvent[], results: readonly ProcessResult[]): Promise<void> {
    await markEventsProcessed(this.db, processed.map((event) => event.id));
    for (const result of results) this.options.onProcessed?.(result);
  }

  /** The batch processed together, or null when that failed (no failure is recorded: each event is then tried alone). */
  private async attempt(batch: readonly ClaimedEvent[]): Promise<ProcessResult | null> {
    try {
      return await this.process(batch.map((event) => event.payload));
    } catch (error) {
      this.log.warn({ err: error, events: batch.length }, 'webhook batch failed; processing its events one by one');
      return null;
    }
  }

  /** One event processed alone; a failure is recorded on it (retry with backoff, or dead letter) and answers null. */
  private async processAlone(event: ClaimedEvent): Promise<ProcessResult | null> {
    try {
      return await this.process([event.payload]);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const dead = event.attempts >= this.maxAttempts;
      this.log.error({ err: error, eventId: event.id, attempts: event.attempts, dead }, 'webhook event processing failed');
      await markEventFailed(this.db, event.id, message, dead ? null : Math.min(5 * 2 ** (event.attempts - 1), 3_600));
      return null;
    }
  }

  /**
   * Meta wants its 200 fast; processing can wait a moment. Before each batch (and each event processed
   * alone) the worker lets waiting requests run and, while acknowledgements are being stored, waits for
   * them (bounded, so a sustained burst cannot starve processing). With the embedded database every
   * query shares this thread and one connection, so this is what keeps the acknowledgement latency low
   * under load.
   */
  private async yieldToAcks(): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    if (this.storing === 0) return;
    await Promise.race([this.acksDone, new Promise((resolve) => setTimeout(resolve, MAX_YIELD_MS))]);
  }

  private claim(): Promise<ClaimedEvent[]> {
    return claimDueEvents(this.db, this.batchSize, this.leaseSeconds);
  }

  private process(payloads: readonly unknown[]): Promise<ProcessResult> {
    return (this.options.process ?? processWebhookEvents)(this.db, payloads, this.log);
  }

  private async housekeeping(): Promise<void> {
    if (Date.now() - this.lastHousekeeping < HOUSEKEEPING_EVERY_MS) return;
    this.lastHousekeeping = Date.now();
    const { forgottenStatuses } = await this.housekeep();
    if (forgottenStatuses > 0) this.log.info({ expired: forgottenStatuses }, 'forgot statuses for messages never stored');
  }

  /**
   * The inbox's housekeeping, now (a worker finding nothing due does it hourly): statuses parked past
   * their TTL are forgotten and events processed more than 30 days ago deleted. Each is one conditional
   * delete, so processes sharing a database that do it at the same time remove each row once.
   */
  async housekeep(): Promise<{ forgottenStatuses: number; deletedEvents: number }> {
    const forgottenStatuses = await expirePendingStatuses(this.db);
    const deletedEvents = await deleteProcessedBefore(this.db, KEEP_PROCESSED_DAYS);
    return { forgottenStatuses, deletedEvents };
  }
}
