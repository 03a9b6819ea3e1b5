import type { Database, Queryable } from '../../db/database';
import { uuidv7 } from '../../lib/ids';
import { noteChangesAcrossOrganizations, noteRecipientChanges } from '../broadcast-summary';
import { lockOutboundMessages, recordOutboundOutcomes, storeOutboundBatch } from '../conversations';
import {
  claimDueRecipients, expireLeases, settleAttempt, stampSlots, type FencedSend, type SendSettlement,
} from './recipients-repository';
import {
  completeSettledBroadcasts, findBroadcastSends, lockSettledBroadcasts, markBroadcastsProcessing, pauseBroadcast,
} from './broadcasts-repository';
import { deleteAttempt, deleteStaleAttempts, insertAttempt } from './dispatch-attempts-repository';
import { judgeSend, type RetryPolicy, type SendResult } from './dispatch-outcomes';
import { prepareSend, type PreparedSend } from './dispatch-template';

/**
 * The broadcast dispatcher's database side: claiming a batch of due recipients (with their messages
 * stored, committed before any send), settling a batch from Meta's answers, and reconciling rows whose
 * lease ran out. The pacing and the Graph calls are the job's (src/server/jobs).
 */

/** One recipient of a claimed batch, ready to send. */
export interface BatchItem {
  recipientId: string;
  broadcastId: string;
  messageId: string;
  /** E.164. */
  to: string;
  attempts: number;
  /** What this recipient is sent: the template with their own parameters. */
  send: PreparedSend;
}

export interface ClaimedBatch {
  organizationId: string;
  attemptId: string;
  items: BatchItem[];
  /** The template each broadcast of the batch sends (its pause reasons name it). */
  sends: Map<string, { templateName: string }>;
  /** Every broadcast the claim touched (a recipient whose contact was deleted failed at once). */
  broadcastIds: string[];
}

/**
 * Claims up to `limit` due recipients of the organization and, in the same transaction, stores each
 * one's template message (`sending`, in the contact's conversation) and marks their broadcasts
 * processing. The transaction commits before anything is sent, so a crash from here on can never send
 * a recipient twice. Null when nothing is due.
 */
export async function claimBatch(
  db: Database,
  organizationId: string,
  claim: { limit: number; leaseSeconds: number },
): Promise<ClaimedBatch | null> {
  return db.transaction(async (tx) => {
    const attemptId = uuidv7();
    const claimed = await claimDueRecipients(tx, organizationId, {
      attemptId,
      limit: claim.limit,
      leaseSeconds: claim.leaseSeconds,
      messageIds: Array.from({ length: claim.limit }, () => uuidv7()),
    });
    if (claimed.length === 0) return null;
    await noteRecipientChanges(tx, organizationId, claimed.map((recipient) => ({ broadcastId: recipient.broadcastId, recipientId: recipient.id })));
    const sendable = claimed.flatMap((recipient) =>
      recipient.state === 'sending' && recipient.messageId !== null ? [{ ...recipient, messageId: recipient.messageId }] : []);
    const broadcastIds = [...new Set(claimed.map((recipient) => recipient.broadcastId))];

    const broadcastSends = new Map(
      (await findBroadcastSends(tx, organizationId, [...new Set(sendable.map((recipient) => recipient.broadcastId))])).map((send) => [send.id, send]),
    );
    const sends = new Map([...broadcastSends].map(([id, send]) => [id, { templateName: send.templateName }]));
    // Each recipient's own parameters (contact fields rendered), stored as their message and sent as is.
    const prepared = sendable.flatMap((recipient) => {
      const send = broadcastSends.get(recipient.broadcastId);
      return send ? [{ recipient, send: prepareSend(send, { name: recipient.name, profileName: recipient.profileName, phoneNumber: recipient.phoneE164 }) }] : [];
    });
    await storeOutboundBatch(tx, organizationId, {
      create: prepared.filter(({ recipient }) => !recipient.messageExists).map(({ recipient, send }) => ({
        id: recipient.messageId,
        contactId: recipient.contactId,
        messageType: 'template',
        content: send.content,
        broadcastId: recipient.broadcastId,
      })),
      // An earlier attempt's message: `failed` ones (Retry failed) go back to `sending`; one still
      // `sending` (a retry, or a row the lease reconcile queued again as never sent) stays as it is.
      resend: sendable.filter((recipient) => recipient.messageExists).map((recipient) => recipient.messageId),
    });
    await markBroadcastsProcessing(tx, organizationId, broadcastIds);

    const items = prepared.map(({ recipient, send }): BatchItem => ({
      recipientId: recipient.id,
      broadcastId: recipient.broadcastId,
      messageId: recipient.messageId,
      to: recipient.phoneE164,
      attempts: recipient.attempts,
      send,
    }));
    return { organizationId, attemptId, items, sends, broadcastIds };
  });
}

/**
 * Writes a claimed batch's attempt row with `sendThrough`, the latest instant (wall clock) a call of the
 * batch may start; it must commit BEFORE the batch's first send: the lease reconcile counts a row whose
 * attempt has no such row as never sent. Each row's slot is written by `fenceSends` right before its call.
 */
export async function startAttempt(db: Database, batch: ClaimedBatch, sendThrough: Date): Promise<void> {
  await insertAttempt(db, batch.attemptId, sendThrough);
}

/**
 * The sends about to start (of any batches) get `at` as their slot, committed in one statement before
 * any of their calls: a row left without a slot was never handed to Meta.
 */
export async function fenceSends(db: Database, sends: readonly FencedSend[], at: Date): Promise<void> {
  await stampSlots(db, sends, at);
}

/** What settling a batch found that the job acts on. */
export interface BatchSettlement {
  /** Meta refused sends for throughput: the number's pace slows down. */
  throttled: boolean;
  /** Recipients put back in the queue due at once (sends released unsent). */
  dueAgain: boolean;
  /** Broadcasts paused, with the reason. */
  paused: Array<{ broadcastId: string; reason: string }>;
}

/**
 * Settles a sent batch from Meta's answers (`results[i]` is `batch.items[i]`'s) in one transaction:
 * the messages take their wamids (or their failure), then the recipients their states (see
 * `judgeSend`), and a refused token or a paused template pauses the broadcasts it concerns. Then
 * broadcasts with every recipient settled complete.
 */
export async function settleBatch(
  db: Database,
  batch: ClaimedBatch,
  results: readonly SendResult[],
  policy: RetryPolicy,
): Promise<BatchSettlement> {
  const { organizationId } = batch;
  const settlements: SendSettlement[] = [];
  const accepted: Array<{ messageId: string; wamid: string }> = [];
  const refused: Array<{ messageId: string; code: number | null; message: string }> = [];
  const pauses = new Map<string, string>();
  let throttled = false;
  batch.items.forEach((item, index) => {
    const result = results[index];
    const verdict = judgeSend(
      { id: item.recipientId, attempts: item.attempts },
      batch.sends.get(item.broadcastId)?.templateName ?? '',
      result,
      policy,
    );
    if (verdict.throttled) throttled = true;
    if (verdict.pauseReason && !pauses.has(item.broadcastId)) pauses.set(item.broadcastId, verdict.pauseReason);
    const { settlement } = verdict;
    if (!settlement) return;
    settlements.push(settlement);
    if (settlement.state === 'sent') accepted.push({ messageId: item.messageId, wamid: settlement.wamid });
    if (settlement.state === 'failed') refused.push({ messageId: item.messageId, code: settlement.code, message: settlement.message });
  });

  const paused = await db.transaction(async (tx) => {
    // Wamids and conversations first, then recipients (the order status webhooks take them in), and
    // broadcast rows last: a broadcast's row is always locked after its recipients' rows, never before.
    await lockOutboundMessages(tx, organizationId, {
      wamids: accepted.map((a) => a.wamid),
      messageIds: [...accepted, ...refused].map((m) => m.messageId),
    });
    await recordOutboundOutcomes(tx, organizationId, { accepted, refused });
    await settleAttempt(tx, organizationId, batch.attemptId, settlements);
    await noteRecipientChanges(tx, organizationId, batch.items.map((item) => ({ broadcastId: item.broadcastId, recipientId: item.recipientId })));
    // A row with no answer stays `sending` and its lease reconcile needs the attempt row: keep it then (swept later).
    if (settlements.length === batch.items.length) await deleteAttempt(tx, batch.attemptId);
    // In this transaction, not after it: once the failures commit, a completion check would find every
    // recipient settled and fail a broadcast that must pause.
    return pauseAll(tx, organizationId, pauses);
  });
  await completeBroadcasts(db, batch.broadcastIds);
  return {
    throttled,
    dueAgain: settlements.some((s) => s.state === 'pending' && s.retryInMs === 0),
    paused,
  };
}

/**
 * Pauses each broadcast with its reason, in id order: two settles pausing the same broadcasts lock
 * their rows in one order. Answers those paused.
 */
async function pauseAll(tx: Queryable, organizationId: string, pauses: ReadonlyMap<string, string>): Promise<BatchSettlement['paused']> {
  const paused: BatchSettlement['paused'] = [];
  for (const [broadcastId, reason] of [...pauses].sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (await pauseBroadcast(tx, organizationId, broadcastId, reason)) paused.push({ broadcastId, reason });
  }
  return paused;
}

/**
 * Completes the sending broadcasts (these, or every one when null) with nothing left to send. Their
 * rows are locked first and their recipients read only then, by a later statement: whoever puts a
 * recipient back in the queue (Retry failed) holds its broadcast's row until it commits, so the read
 * sees that recipient. A completion locks broadcast rows only, in id order, and waits for nothing else.
 */
export async function completeBroadcasts(db: Database, broadcastIds: string[] | null): Promise<void> {
  if (broadcastIds !== null && broadcastIds.length === 0) return;
  await db.transaction(async (tx) => {
    await completeSettledBroadcasts(tx, await lockSettledBroadcasts(tx, broadcastIds));
  });
}

/**
 * Reconciles rows left `sending` by a process that died (their lease ran out): `sent` when their
 * message got a wamid, back to `pending` when provably never handed to Meta (see `expireLeases`), else
 * `ambiguous`, never sent again; broadcasts with every recipient settled complete. Answers how many
 * rows it reconciled.
 */
export async function reconcileExpiredLeases(db: Database, batchSize = 1_000): Promise<number> {
  let total = 0;
  for (;;) {
    const expired = await db.transaction(async (tx) => {
      const found = await expireLeases(tx, batchSize);
      await noteChangesAcrossOrganizations(tx, found.recipients);
      return found;
    });
    total += expired.count;
    await completeBroadcasts(db, expired.broadcastIds);
    if (expired.count < batchSize) return total;
  }
}

/**
 * Deletes the attempt rows left by batches that never settled (their process died, or some answer never
 * came), once older than `olderThanSeconds` — a few leases, so their rows were reconciled first.
 */
export async function sweepStaleAttempts(db: Database, olderThanSeconds: number): Promise<number> {
  return deleteStaleAttempts(db, olderThanSeconds);
}

/** Completes every sending broadcast with nothing left to send (e.g. resumed with nothing queued, or all cancelled). */
export async function completeIdleBroadcasts(db: Database): Promise<void> {
  await completeBroadcasts(db, null);
}

// The dispatcher's other reads and writes: which organizations have sends due, and each number's pace.
export { organizationsSending } from './broadcasts-repository';
export type { FencedSend };
export { reserveSlots, slowDown, type ThrottlePolicy } from './send-buckets-repository';
