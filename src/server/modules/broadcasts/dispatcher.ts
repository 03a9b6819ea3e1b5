import { performance } from 'node:perf_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database';
import { DrainLoop } from '../../lib/drain-loop';
import { DEFAULT_RETRY_POLICY, judgeSend, PARAMETER_REFUSED, type RetryPolicy, type SendResult } from './dispatch-outcomes';
import {
  claimBatch, completeIdleBroadcasts, fenceSends, reconcileExpiredLeases, settleBatch, startAttempt, sweepStaleAttempts,
  type BatchSettlement, type ClaimedBatch, type FencedSend, organizationsSending, reserveSlots, slowDown, type ThrottlePolicy,
} from './dispatch-service';
import type { GraphClient } from '../../whatsapp/graph-client';
import { GraphError } from '../../whatsapp/graph-error';
import type { WhatsAppAccount, WhatsAppAccounts } from '../whatsapp-settings';
import { headersForBatch, sendWithHeader, type BroadcastHeaderMedia, type HeaderOutcome } from './broadcast-header-media';
import { foldSummaryChanges, reconcileSummaries } from '../broadcast-summary';

export interface BroadcastDispatcherOptions {
  /** How often the loop looks for retries that came due and rows other processes left behind (Infinity: only when woken). */
  pollIntervalMs?: number;
  /** A claimed row is this process's for this long; past it, an unsettled row is reconciled (never re-sent). */
  leaseSeconds?: number;
  /** How much sending one batch covers at the number's pace: its size is pace × this. */
  batchSeconds?: number;
  /** The next batch is claimed once the number's reserved slots end less than this far ahead. */
  aheadMs?: number;
  /** How far ahead an idle number's first slot is: time to claim the next batches before the first is sent. */
  startLeadMs?: number;
  maxBatch?: number;
  maxBatchesInFlight?: number;
  /** How often rows whose lease ran out are looked for. */
  sweepEveryMs?: number;
  /**
   * How often noted recipient changes are folded into broadcast summaries: readers add what is not folded
   * yet, so this bounds their extra work, not how fresh their figures are. Infinity: only explicit folds
   * (tests that read notes before they are folded).
   */
  summaryFoldMs?: number;
  retry?: RetryPolicy;
  /** What Meta's throughput refusal (130429) does to the number's pace. */
  throttle?: ThrottlePolicy;
}

const DEFAULTS = {
  pollIntervalMs: 2_000,
  leaseSeconds: 60,
  batchSeconds: 0.25,
  aheadMs: 1_000,
  startLeadMs: 300,
  maxBatch: 500,
  maxBatchesInFlight: 8,
  sweepEveryMs: 5_000,
  summaryFoldMs: 1_000,
  retry: DEFAULT_RETRY_POLICY,
  throttle: { factor: 1.25, maxSlowdown: 64, holdSeconds: 30, pauseMs: 1_000 },
} satisfies Required<BroadcastDispatcherOptions>;

/** An organization without a usable WhatsApp configuration is looked at again after this. */
const UNCONFIGURED_RETRY_MS = 30_000;
/** How many times settling a batch is tried before its rows are left to the lease (and the webhooks). */
const SETTLE_TRIES = 3;
/** Leftover attempt rows (batches that never settled) are swept once this many leases old. */
const STALE_ATTEMPT_LEASES = 3;
/** No call starts later than this before the batch's lease ends (at most a quarter of the lease): room for clock skew. */
const LEASE_MARGIN_MS = 5_000;

/** When each send of a batch may start: item k's slot is `startAt + k × spacingMs` (performance.now()). */
interface SlotPlan {
  startAt: number;
  spacingMs: number;
}

/**
 * Sends queued broadcast recipients in the background, paced per phone number. Each round claims a
 * batch of due recipients (committed, with their messages stored, before any send), reserves as many
 * consecutive slots of the number's bucket (a database row every process shares, so several
 * processes keep one pace), sends each recipient at its slot time, and settles the batch from Meta's
 * answers in one transaction. Batches overlap: the next one is claimed while the previous one is
 * still sending, up to `aheadMs` of reserved slots, so the database round trips per batch never slow
 * the pace. `drain()` resolves when nothing is due and no batch is in flight: tests await it.
 */
export class BroadcastDispatcher {
  private readonly options: Required<BroadcastDispatcherOptions>;
  private readonly worker: DrainLoop;
  private readonly inFlight = new Set<Promise<void>>();
  /** Per phone number: when (performance.now()) the slots this process last reserved end, and the slowdown then. */
  private readonly pace = new Map<string, { endsAt: number; slowdown: number }>();
  /** Per broadcast: when (Date.now()) a send showed it must pause; later sends of batches claimed before it are released unsent. */
  private readonly halted = new Map<string, number>();
  /** Per phone number: when Meta last refused for throughput; later sends of batches claimed before it are released unsent. */
  private readonly throttledAt = new Map<string, number>();
  private readonly unconfiguredUntil = new Map<string, number>();
  /** Wake-ups of the waits under way (for a slot, for the pace): `stop` ends them all at once. */
  private readonly sleepers = new Set<() => void>();
  /** Sends whose slot came, waiting for their fence; `fencing` is the fence being committed. */
  private readonly fenceQueue: Array<FencedSend & { cleared: (ok: boolean) => void }> = [];
  private fencing: Promise<void> | null = null;
  private stopped = false;
  private lastSweep = 0;
  private lastFold = 0;

  constructor(
    private readonly db: Database,
    private readonly accounts: WhatsAppAccounts,
    private readonly log: FastifyBaseLogger,
    options: BroadcastDispatcherOptions = {},
    /** Header media of the broadcasts whose template shows a file or link (the app's; tests' bare dispatchers send none). */
    private readonly headerMedia: BroadcastHeaderMedia | null = null,
  ) {
    const given = Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
    this.options = { ...DEFAULTS, ...given };
    this.worker = new DrainLoop('broadcast-dispatcher', () => this.step(), log, this.options.pollIntervalMs);
  }

  start(): void {
    this.worker.start();
  }

  /**
   * Stops claiming, releases the sends still waiting for their slot (back in the queue, unsent), and
   * waits for the sends under way and their settlement.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const wake of this.sleepers) wake();
    await this.worker.stop();
    await Promise.allSettled([...this.inFlight, this.fencing]);
  }

  /** Something was queued (a broadcast created, resumed or retried): look now rather than at the next poll. */
  kick(): void {
    void this.worker.drain();
  }

  /** Sends everything due now, reconciles expired leases, and resolves once no batch is in flight. */
  async drain(): Promise<void> {
    this.lastSweep = 0;
    for (;;) {
      await this.worker.drain();
      if (this.inFlight.size === 0) return;
      await Promise.allSettled([...this.inFlight]);
    }
  }

  private async step(): Promise<boolean> {
    await this.sweepIfDue();
    await this.foldSummariesIfDue();
    const organizations = await organizationsSending(this.db);
    let launched = false;
    let waitMs = Number.POSITIVE_INFINITY;
    for (const organizationId of organizations) {
      if (this.stopped) return false;
      while (this.inFlight.size >= this.options.maxBatchesInFlight) await Promise.race(this.inFlight);
      const outcome = await this.launch(organizationId);
      if (outcome === 'launched') launched = true;
      else if (typeof outcome === 'number') waitMs = Math.min(waitMs, outcome);
    }
    if (launched) return true;
    if (Number.isFinite(waitMs)) {
      // Every number with work has enough slots reserved: wait until the next batch is due.
      await this.sleep(waitMs);
      return true;
    }
    await completeIdleBroadcasts(this.db);
    return false;
  }

  private async sweepIfDue(): Promise<void> {
    if (Date.now() - this.lastSweep < this.options.sweepEveryMs) return;
    this.lastSweep = Date.now();
    // A batch lives no longer than its lease: older marks can no longer hold anything back.
    const stale = Date.now() - this.options.leaseSeconds * 1000;
    for (const marks of [this.halted, this.throttledAt]) {
      for (const [key, at] of marks) if (at < stale) marks.delete(key);
    }
    const reconciled = await reconcileExpiredLeases(this.db);
    if (reconciled > 0) this.log.warn({ reconciled }, 'interrupted broadcast sends were reconciled (sent when Meta reported them, queued again when never sent, else unknown)');
    await sweepStaleAttempts(this.db, STALE_ATTEMPT_LEASES * this.options.leaseSeconds);
    const drifted = await reconcileSummaries(this.db);
    if (drifted.length > 0) this.log.warn({ broadcastIds: drifted }, 'broadcast summaries differed from a full recount and were corrected');
  }

  /** Folds the recipients noted since the last fold into their broadcasts' summaries, at most every `summaryFoldMs`. */
  private async foldSummariesIfDue(): Promise<void> {
    if (Date.now() - this.lastFold < this.options.summaryFoldMs) return;
    this.lastFold = Date.now();
    // Upkeep, not sending: unfolded notes stay in the log (readers add them, the next fold takes them), so
    // a failed fold (e.g. a deadlock with a concurrent writer on PostgreSQL) must not stop this step's sends.
    await foldSummaryChanges(this.db).catch((error: unknown) => {
      this.log.warn({ err: error }, 'folding broadcast summaries failed; the next fold takes the notes');
    });
  }

  /** Claims and starts one batch of the organization: 'launched', 'idle' (nothing due), or how long to wait for the pace. */
  private async launch(organizationId: string): Promise<'launched' | 'idle' | number> {
    if ((this.unconfiguredUntil.get(organizationId) ?? 0) > Date.now()) return 'idle';
    const account = await this.accounts.load(organizationId).catch((error: unknown) => {
      this.log.error({ err: error, organizationId }, 'could not read the WhatsApp configuration for a broadcast');
      return undefined;
    });
    if (!account) {
      // Queued recipients wait (nothing fails) until the organization configures WhatsApp again.
      this.unconfiguredUntil.set(organizationId, Date.now() + UNCONFIGURED_RETRY_MS);
      return 'idle';
    }
    const { phoneNumberId } = account;
    const rate = Math.max(1, account.messagesPerSecond);
    const known = this.pace.get(phoneNumberId);
    const ahead = known ? known.endsAt - performance.now() : 0;
    if (ahead > this.options.aheadMs) return ahead - this.options.aheadMs;

    const perBatch = Math.ceil((rate / (known?.slowdown ?? 1)) * this.options.batchSeconds);
    // Before the claim, so the lease (which starts at the claim) never ends before this deadline.
    const deadline = Date.now() + this.options.leaseSeconds * 1000 - Math.min(LEASE_MARGIN_MS, this.options.leaseSeconds * 250);
    const batch = await claimBatch(this.db, organizationId, {
      limit: Math.min(this.options.maxBatch, Math.max(1, perBatch)),
      leaseSeconds: this.options.leaseSeconds,
    });
    if (!batch) return 'idle';
    if (batch.items.length === 0) {
      // Only recipients whose contact was deleted: failed at the claim, nothing to send.
      const run = settleBatch(this.db, batch, [], this.options.retry).then(() => undefined);
      this.track(run);
      return 'launched';
    }
    const slots = await reserveSlots(this.db, phoneNumberId, { n: batch.items.length, rate, leadMs: this.options.startLeadMs }, this.options.throttle)
      .catch((error: unknown) => this.releaseUnsent(batch, error));
    const plan: SlotPlan = { startAt: performance.now() + slots.startInMs, spacingMs: slots.spacingMs };
    this.pace.set(phoneNumberId, { endsAt: plan.startAt + batch.items.length * slots.spacingMs, slowdown: slots.slowdown });
    await startAttempt(this.db, batch, new Date(deadline)).catch((error: unknown) => this.releaseUnsent(batch, error));
    this.track(this.sendBatch(batch, account, plan, deadline));
    return 'launched';
  }

  /** Nothing of the batch was sent: it goes back to the queue rather than waiting for its lease, then `error` is thrown on. */
  private async releaseUnsent(batch: ClaimedBatch, error: unknown): Promise<never> {
    await settleBatch(this.db, batch, batch.items.map(() => ({ kind: 'released' })), this.options.retry).catch(() => undefined);
    throw error;
  }

  private track(run: Promise<void>): void {
    const tracked = run
      .catch((error: unknown) => this.log.error({ err: error }, 'broadcast batch failed'))
      .finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }

  /**
   * Sends each recipient of the batch at its slot, each call only once its fence committed and never
   * after `deadline` (wall clock), so no call starts once the batch's lease may have been reconciled;
   * then settles the batch.
   */
  private async sendBatch(batch: ClaimedBatch, account: WhatsAppAccount, plan: SlotPlan, deadline: number): Promise<void> {
    const client = this.accounts.clientWith(batch.organizationId, account);
    const claimedAt = Date.now();
    const broadcastIds = batch.items.map((item) => item.broadcastId);
    const headers = this.headerMedia ? await headersForBatch(this.headerMedia, client, batch.organizationId, broadcastIds) : new Map<string, HeaderOutcome>();
    const results = await Promise.all(batch.items.map(async (item, index): Promise<SendResult> => {
      const cleared = await this.awaitSlot(plan, index, deadline) && await this.fence(batch, item.recipientId);
      // The fence stamped a time no later than now: with now before the deadline, the stamp is within the
      // attempt's send_through, which is what the lease reconcile counts as possibly sent.
      if (!cleared || Date.now() >= deadline || this.mustHold(item.broadcastId, account.phoneNumberId, claimedAt)) return { kind: 'released' };
      const result = await this.sendOne(client, item, headers.get(item.broadcastId));
      this.watch(batch, item, account.phoneNumberId, result);
      return result;
    }));
    const settlement = await this.settle(batch, results);
    if (!settlement) return;
    for (const { broadcastId, reason } of settlement.paused) {
      this.log.warn({ organizationId: batch.organizationId, broadcastId, reason }, 'broadcast paused');
    }
    if (settlement.dueAgain) this.kick();
  }

  /**
   * Waits until item `index`'s slot has come; false when the send must not start at all (the dispatcher
   * stopped, or the deadline passed): it is released unsent.
   */
  private async awaitSlot(plan: SlotPlan, index: number, deadline: number): Promise<boolean> {
    await this.sleep(plan.startAt + index * plan.spacingMs - performance.now());
    return !this.stopped && Date.now() < deadline;
  }

  /**
   * Commits the send's slot before its call (a row without one was provably never handed to Meta), with
   * every other send whose slot came meanwhile in the same statement; false (released unsent) when that
   * fails or the process stopped meanwhile. A kill then leaves in doubt only the calls under way.
   */
  private fence(batch: ClaimedBatch, recipientId: string): Promise<boolean> {
    return new Promise((cleared) => {
      this.fenceQueue.push({ organizationId: batch.organizationId, attemptId: batch.attemptId, recipientId, cleared });
      this.fencing ??= this.commitFences();
    });
  }

  /** Commits the waiting fences, one statement at a time, until none is waiting. */
  private async commitFences(): Promise<void> {
    // Yields first, so `fencing` is set before this can end.
    await Promise.resolve();
    while (this.fenceQueue.length > 0) {
      const waiting = this.fenceQueue.splice(0);
      const committed = await fenceSends(this.db, waiting, new Date()).then(() => true, (error: unknown) => {
        this.log.warn({ err: error }, 'could not fence broadcast sends; they go back to the queue');
        return false;
      });
      for (const send of waiting) send.cleared(committed && !this.stopped);
    }
    this.fencing = null;
  }

  private async sendOne(client: GraphClient, item: ClaimedBatch['items'][number], header: HeaderOutcome | undefined): Promise<SendResult> {
    // Values Meta would refuse (132018) are refused here, never sent: the recipient fails with Meta's code.
    if (item.send.problem) return { kind: 'refused', code: PARAMETER_REFUSED, message: item.send.problem };
    const withHeader = sendWithHeader(item.send.template, header);
    if ('result' in withHeader) return withHeader.result;
    try {
      // No retry inside the client: a throughput refusal goes back to the queue and the bucket slows.
      const { wamid } = await client.sendTemplate(item.to, withHeader.template, { callbackData: item.recipientId, retry: false });
      return { kind: 'accepted', wamid };
    } catch (error) {
      return { kind: 'error', error };
    }
  }

  /** A send waiting for its slot is released unsent when the process stops, its broadcast must pause, or Meta throttled the number. */
  private mustHold(broadcastId: string, phoneNumberId: string, claimedAt: number): boolean {
    if (this.stopped) return true;
    return (this.halted.get(broadcastId) ?? 0) >= claimedAt || (this.throttledAt.get(phoneNumberId) ?? 0) >= claimedAt;
  }

  /** Reacts to one answer at once (not at the batch's end): a pausing error halts its broadcast, a throughput refusal slows the number. */
  private watch(batch: ClaimedBatch, item: ClaimedBatch['items'][number], phoneNumberId: string, result: SendResult): void {
    if (result.kind !== 'error' || !(result.error instanceof GraphError)) return;
    const verdict = judgeSend({ id: item.recipientId, attempts: item.attempts }, '', result, this.options.retry);
    if (verdict.pauseReason) this.halted.set(item.broadcastId, Date.now());
    if (verdict.throttled) void this.throttle(batch.organizationId, phoneNumberId);
  }

  private async throttle(organizationId: string, phoneNumberId: string): Promise<void> {
    const last = this.throttledAt.get(phoneNumberId) ?? 0;
    if (Date.now() - last < 1_000) return;
    this.throttledAt.set(phoneNumberId, Date.now());
    this.pace.delete(phoneNumberId);
    this.log.warn({ organizationId, phoneNumberId }, 'WhatsApp throughput reached (130429): the number slows down');
    await slowDown(this.db, phoneNumberId, this.options.throttle).catch((error: unknown) => {
      this.log.error({ err: error, phoneNumberId }, 'could not slow the send pace down');
    });
  }

  /** Resolves after `ms` (at once when not positive), or as soon as the dispatcher stops. */
  private sleep(ms: number): Promise<void> {
    if (ms <= 0 || this.stopped) return Promise.resolve();
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      this.sleepers.add(wake);
    });
  }

  /**
   * Settles the batch, trying again if the database refuses (a deadlock victim, a dropped connection).
   * If it never succeeds the rows stay `sending`: status webhooks or the lease reconcile them, and
   * none is sent again.
   */
  private async settle(batch: ClaimedBatch, results: SendResult[]): Promise<BatchSettlement | null> {
    for (let tryNumber = 1; ; tryNumber += 1) {
      try {
        return await settleBatch(this.db, batch, results, this.options.retry);
      } catch (error) {
        if (tryNumber >= SETTLE_TRIES) {
          this.log.error({ err: error, attemptId: batch.attemptId }, 'could not settle a broadcast batch; its rows wait for their lease');
          return null;
        }
        await new Promise((resolve) => setTimeout(resolve, 100 * tryNumber));
      }
    }
  }
}
