import type { Database, Queryable } from '../../db/database';
import { perDatabase } from '../../db/per-database';
import {
  addQueued, deleteSummaryOf, foldNotedChanges, lockUpkeep, noteAnsweredRecipients, noteClicker, noteMessageRecipients, noteRecipients,
  readButtonCounts, readFailureCounts, readSummaries, recountBreakdowns, recountSummary, summariesDue, tryLockUpkeep, vacuumNotedChanges, type NotedRecipient, type SummaryFigures,
} from './broadcast-summary-repository';
import { FIGURES } from './recipient-figures';

/**
 * A broadcast's figures, kept as its recipients change so reading them costs the same whatever the
 * audience's size. Whoever changes a recipient notes it in the same transaction (the `note…`
 * functions); the dispatcher's loop folds the notes every second or so and its periodic sweep
 * recounts summaries now and then, correcting any drift.
 */

/** A broadcast's figures as its screens show them. */
export interface BroadcastFigures extends SummaryFigures {
  /** Clickers of the delivered, in percent with one decimal (0 with nothing delivered). */
  clickThroughRate: number;
  /** Replied or clicked, of the delivered, in percent with one decimal. */
  engagementRate: number;
  /** From the send to the first reply, in minutes with one decimal; 0 with no reply. */
  avgResponseTimeMinutes: number;
}

export const NO_FIGURES: BroadcastFigures = {
  total: 0, ...Object.fromEntries(FIGURES.map((figure) => [figure, 0])) as Record<(typeof FIGURES)[number], number>,
  clickThroughRate: 0, engagementRate: 0, avgResponseTimeMinutes: 0,
};

/** `part` of `whole` in percent, capped at 100, with one decimal (half up, as the database rounds). */
function percentOf(part: number, whole: number): number {
  return whole === 0 ? 0 : Math.round(Math.min(1000, (1000 * part) / whole)) / 10;
}

function withRates(figures: SummaryFigures): BroadcastFigures {
  return {
    ...figures,
    clickThroughRate: percentOf(figures.clicked, figures.delivered),
    engagementRate: percentOf(figures.engaged, figures.delivered),
    avgResponseTimeMinutes: figures.replied === 0 ? 0 : Math.round(figures.response_seconds / figures.replied / 6) / 10,
  };
}

/** These broadcasts' figures (a broadcast with no recipients yet has none: NO_FIGURES). */
export async function broadcastFigures(db: Queryable, organizationId: string, broadcastIds: readonly string[]): Promise<Map<string, BroadcastFigures>> {
  const summaries = await readSummaries(db, organizationId, broadcastIds);
  return new Map([...summaries].map(([id, figures]) => [id, withRates(figures)]));
}

/** A broadcast's failed recipients per Meta code and reason, the most common first. */
export function broadcastFailures(db: Queryable, organizationId: string, broadcastId: string) {
  return readFailureCounts(db, organizationId, broadcastId);
}

/** A broadcast's presses and distinct pressers per button text. */
export function broadcastButtonPresses(db: Queryable, organizationId: string, broadcastId: string) {
  return readButtonCounts(db, organizationId, broadcastId);
}

/** Recipients were queued for a broadcast (in the transaction that queued them). */
export function countQueuedRecipients(db: Queryable, organizationId: string, broadcastId: string, queued: number): Promise<void> {
  return addQueued(db, organizationId, broadcastId, queued);
}

/** These recipients' states changed (in the transaction that changed them). */
export function noteRecipientChanges(
  db: Queryable,
  organizationId: string,
  recipients: ReadonlyArray<{ broadcastId: string; recipientId: string }>,
): Promise<void> {
  return noteRecipients(db, recipients.map((recipient) => ({ organizationId, ...recipient })));
}

/** `noteRecipientChanges` for recipients of any organization (the lease reconcile's). */
export function noteChangesAcrossOrganizations(db: Queryable, recipients: readonly NotedRecipient[]): Promise<void> {
  return noteRecipients(db, recipients);
}

/** Delivery statuses were merged into these wamids' messages (in the transaction that merged them). */
export function noteMessageStatuses(db: Queryable, organizationId: string, wamids: readonly string[]): Promise<void> {
  return noteMessageRecipients(db, organizationId, wamids);
}

/** These inbound messages were stored (in the transaction that stored them): a reply counts for the broadcast before it. */
export function noteInboundMessages(db: Queryable, organizationId: string, messageIds: readonly string[]): Promise<void> {
  return noteAnsweredRecipients(db, organizationId, messageIds);
}

/** A contact pressed a button of the broadcast (in the transaction that recorded the press). */
export function noteButtonPress(db: Queryable, organizationId: string, broadcastId: string, contactId: string): Promise<void> {
  return noteClicker(db, organizationId, broadcastId, contactId);
}

/**
 * A broadcast is being deleted (in its transaction, before it locks any recipient): what is kept for it
 * beside its row goes too. It waits for a fold under way, and no fold starts until it commits.
 */
export async function forgetBroadcastSummary(db: Queryable, organizationId: string, broadcastId: string): Promise<void> {
  await lockUpkeep(db);
  await deleteSummaryOf(db, organizationId, broadcastId);
}

/** Notes folded per statement: a second of sending at 1,000 msg/s notes a few thousand. */
const FOLD_BATCH = 5_000;

/**
 * Folds noted changes into their summaries until none is left (or another process is folding, which
 * then does it). Answers how many notes it folded.
 */
export async function foldSummaryChanges(db: Database, batch = FOLD_BATCH, vacuumAfter = VACUUM_AFTER_NOTES): Promise<number> {
  let total = 0;
  for (;;) {
    const taken = await db.transaction(async (tx) => ((await tryLockUpkeep(tx)) ? foldNotedChanges(tx, batch) : 0));
    total += taken;
    if (taken < batch) break;
  }
  const folded = foldedSinceVacuum(db);
  folded.notes += total;
  // Once the log is caught up after a burst: every read steps over the deleted notes until a vacuum.
  if (folded.notes >= vacuumAfter) {
    folded.notes = 0;
    await vacuumNotedChanges(db);
  }
  return total;
}

/** Notes this process folded since its last vacuum of the change log. */
const foldedSinceVacuum = perDatabase(() => ({ notes: 0 }));
/** Each change of a recipient (claimed, sent, delivered, read, a reply, a press) notes it once: 10,000 notes is a broadcast of a few thousand. */
const VACUUM_AFTER_NOTES = 10_000;

export interface ReconcileOptions {
  /** Summaries recounted per run. */
  limit?: number;
  /** A summary that changed since its last recount is recounted again once that recount is this old. */
  changedAfterSeconds?: number;
  /** Any summary is recounted again once its last recount is this old. */
  recheckAfterSeconds?: number;
}

/**
 * The periodic reconcile: recounts the summaries due (see `summariesDue`) from all their recipients and
 * corrects them. Answers the broadcasts whose summary had drifted from the recount.
 */
export async function reconcileSummaries(db: Database, options: ReconcileOptions = {}): Promise<string[]> {
  const due = await summariesDue(db, {
    limit: options.limit ?? 1,
    changedAfterSeconds: options.changedAfterSeconds ?? 600,
    recheckAfterSeconds: options.recheckAfterSeconds ?? 86_400,
  });
  const drifted: string[] = [];
  for (const { organizationId, broadcastId } of due) {
    const recounted = await db.transaction(async (tx) => {
      if (!(await tryLockUpkeep(tx))) return null;
      const counts = await recountSummary(tx, organizationId, broadcastId);
      await recountBreakdowns(tx, organizationId, broadcastId);
      return counts;
    });
    if (recounted && ['total', ...FIGURES].some((key) => !sameFigure(recounted.before[key as keyof SummaryFigures], recounted.after[key as keyof SummaryFigures]))) {
      drifted.push(broadcastId);
    }
  }
  return drifted;
}

/** Sums of seconds are floats added in different orders: equal within a millisecond. */
function sameFigure(a: number, b: number): boolean {
  return Math.abs(a - b) < 1e-3;
}
