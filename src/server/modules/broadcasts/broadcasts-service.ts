import { createHash } from 'node:crypto';
import {
  BROADCAST_TEXTS, type AudienceResponse, type Broadcast, type BroadcastStatus, type BroadcastsResponse, type CreateBroadcastResponse,
  type ResendUnconfirmedResponse, type RetryFailedResponse,
} from '@shared/api/broadcasts';
import type { BroadcastAudience } from '@shared/api/broadcast-drafts';
import { storedParameters, wireParameters } from '@shared/templates/personal-parameters';
import type { CreateBroadcastInput } from '@shared/validation/broadcasts';
import type { Database, Queryable } from '../../db/database';
import { conflict, invalidInput, notFound } from '../../lib/domain-error';
import { offsetOf, toPage, type PageRequest } from '../../lib/pagination';
import { insertRules } from '../automation';
import { broadcastFigures, countQueuedRecipients, forgetBroadcastSummary, NO_FIGURES, noteRecipientChanges, type BroadcastFigures } from '../broadcast-summary';
import { lockOutboundMessages, recordOutboundOutcomes } from '../conversations';
import { describeAudiences } from './broadcast-audience';
import { checkComposition, checkedAudience, requestedStatus } from './broadcast-composition';
import {
  cancelPendingRecipients, countAudience, insertAudienceRecipients, lockRecipientsOf, requeueFailedRecipients, requeueUnconfirmedRecipients,
  type Audience,
} from './recipients-repository';
import {
  deleteBroadcastRow, findBroadcastByIdempotencyKey, findBroadcastPage, findBroadcastWithAuthor, insertBroadcast, lockBroadcast,
  reopenBroadcast, setBroadcastTotal, type BroadcastWithAuthor,
} from './broadcasts-repository';

/**
 * Broadcasts: creating one (its recipients and rules in one transaction, once per Idempotency-Key),
 * listing and reading them with their kept figures (the broadcast summary), deleting (which cancels what is
 * still queued), and putting failed or paused ones back in the dispatcher's hands. Sending is the
 * dispatcher's work; the routes wake it after each change that gives it something to do.
 */

export const MAX_IDEMPOTENCY_KEY_LENGTH = 200;
export const IDEMPOTENCY_KEY_INVALID = `Idempotency-Key must be 1 to ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`;
export const DELETED_MESSAGE = 'Broadcast deleted successfully';
export const CANCELLED_BEFORE_SEND = 'The broadcast was deleted before this message was sent';

export interface BroadcastAuthor {
  organizationId: string;
  userId: string;
}

function toBroadcast({ row, createdByName }: BroadcastWithAuthor, counts: BroadcastFigures, audience: BroadcastAudience | null): Broadcast {
  return {
    id: row.id,
    name: row.name,
    audience,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    templateName: row.templateName,
    templateLanguage: row.templateLanguage,
    parameters: wireParameters(storedParameters(row.parameters)),
    status: row.status,
    statusReason: row.statusReason,
    totalCount: row.totalCount,
    sentCount: counts.sent,
    failedCount: counts.failed,
    pendingCount: counts.pending,
    unknownCount: counts.unknown,
    deliveredCount: counts.delivered,
    readCount: counts.read,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
    createdBy: createdByName === null ? null : { name: createdByName },
  };
}

/** A page of the organization's broadcasts, newest first, with every row's figures read from their summaries in one query. */
export async function listBroadcasts(
  db: Queryable,
  organizationId: string,
  query: PageRequest & { status?: BroadcastStatus },
): Promise<BroadcastsResponse> {
  const { rows, total } = await findBroadcastPage(db, organizationId, { status: query.status, limit: query.limit, offset: offsetOf(query) });
  const counts = await broadcastFigures(db, organizationId, rows.map(({ row }) => row.id));
  const audiences = await describeAudiences(db, organizationId, rows.map(({ row }) => row));
  return toPage(
    rows.map((found) => toBroadcast(found, counts.get(found.row.id) ?? NO_FIGURES, audiences.get(found.row.id) ?? null)),
    query,
    total,
  );
}

export async function getBroadcast(db: Queryable, organizationId: string, broadcastId: string): Promise<Broadcast> {
  const found = await findBroadcastWithAuthor(db, organizationId, broadcastId);
  if (!found) throw notFound(BROADCAST_TEXTS.notFound);
  const counts = await broadcastFigures(db, organizationId, [broadcastId]);
  const audiences = await describeAudiences(db, organizationId, [found.row]);
  return toBroadcast(found, counts.get(broadcastId) ?? NO_FIGURES, audiences.get(broadcastId) ?? null);
}

export { checkedAudience };

/** How many distinct live contacts a broadcast to these tags or contacts would reach. */
export async function audienceSize(
  db: Queryable,
  organizationId: string,
  input: { tagIds?: string[]; contactIds?: string[] },
): Promise<AudienceResponse> {
  return { count: await countAudience(db, organizationId, await checkedAudience(db, organizationId, input)) };
}

/**
 * What makes two create requests "the same" for an Idempotency-Key: the template, parameters, audience
 * (in any order) and rules, hashed.
 */
function requestHash(input: CreateBroadcastInput): string {
  const sorted = (ids: string[] | undefined) => (ids ? [...new Set(ids.map((id) => id.toLowerCase()))].sort() : null);
  const normalized = {
    templateId: input.templateId.toLowerCase(),
    // Fixed texts hash as the plain strings they were before contact fields, so an earlier key still matches.
    parameters: wireParameters(input.parameters),
    tagIds: sorted(input.tagIds),
    contactIds: sorted(input.contactIds),
    rules: [...input.rules]
      .sort((a, b) => a.triggerId.localeCompare(b.triggerId))
      .map((rule) => [rule.triggerId, rule.actionType, rule.targetUserId ?? null, rule.targetTagId ?? null]),
    // Left out when absent (JSON drops undefined), so a key from before names and schedules still matches.
    name: input.name || undefined,
    draft: input.draft || undefined,
    scheduledAt: input.scheduledAt,
  };
  return createHash('sha256').update(JSON.stringify(normalized)).digest('hex');
}

/** Checks an Idempotency-Key header; undefined when none was sent. */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (typeof header !== 'string' || header.length === 0 || header.length > MAX_IDEMPOTENCY_KEY_LENGTH) {
    throw invalidInput(IDEMPOTENCY_KEY_INVALID);
  }
  return header;
}

export interface CreatedBroadcast {
  /** False when the Idempotency-Key named a broadcast created before: the answer is that broadcast. */
  created: boolean;
  response: CreateBroadcastResponse;
}

/** The broadcast an Idempotency-Key made, if the request is the same one; a different request is refused. */
async function earlierBroadcast(db: Queryable, organizationId: string, key: string, hash: string): Promise<CreatedBroadcast | null> {
  const earlier = await findBroadcastByIdempotencyKey(db, organizationId, key);
  if (!earlier) return null;
  if (earlier.requestHash !== hash) throw conflict(BROADCAST_TEXTS.idempotencyKeyReused);
  const counts = await broadcastFigures(db, organizationId, [earlier.id]);
  return { created: false, response: { id: earlier.id, sentCount: counts.get(earlier.id)?.sent ?? 0, totalCount: earlier.totalCount } };
}

/**
 * Creates a broadcast of an APPROVED template with exactly its parameters, to the distinct live contacts
 * of the audience, with its button rules: the broadcast row (a snapshot of the template), one set-based
 * insert of its `pending` recipients and the rules, in ONE transaction. With an Idempotency-Key, a
 * repeated request (a double click, a retry after a lost answer, two at once) answers the broadcast the
 * first one made, and a different request with the same key is refused.
 */
export async function createBroadcast(
  db: Database,
  author: BroadcastAuthor,
  input: CreateBroadcastInput,
  idempotencyKey?: string,
): Promise<CreatedBroadcast> {
  const { organizationId } = author;
  const hash = requestHash(input);
  if (idempotencyKey) {
    const earlier = await earlierBroadcast(db, organizationId, idempotencyKey, hash);
    if (earlier) return earlier;
  }

  const { values, rules, audience } = await checkComposition(db, organizationId, input);
  const status = requestedStatus(input);

  const outcome = await db.transaction(async (tx) => {
    const id = await insertBroadcast(tx, {
      organizationId,
      ...values,
      status,
      scheduledAt: input.scheduledAt === undefined ? null : new Date(input.scheduledAt),
      idempotencyKey: idempotencyKey ?? null,
      requestHash: idempotencyKey ? hash : null,
      createdByUserId: author.userId,
    });
    // The same key committed by a concurrent request while this one was checking: answer that one.
    if (!id) return null;
    await insertRules(tx, organizationId, id, rules);
    // A draft or scheduled broadcast gets its recipients when sending starts.
    const totalCount = status === 'pending' ? await insertRecipientsNow(tx, organizationId, id, audience) : 0;
    return { created: true, response: { id, sentCount: 0, totalCount } };
  });
  if (outcome) return outcome;
  const earlier = idempotencyKey ? await earlierBroadcast(db, organizationId, idempotencyKey, hash) : null;
  if (!earlier) throw new Error('A broadcast insert was refused without an Idempotency-Key conflict');
  return earlier;
}

/** The audience's recipients, queued now; none is refused. */
export async function insertRecipientsNow(db: Queryable, organizationId: string, broadcastId: string, audience: Audience): Promise<number> {
  const totalCount = await insertAudienceRecipients(db, organizationId, broadcastId, audience);
  if (totalCount === 0) throw invalidInput(BROADCAST_TEXTS.noRecipients);
  await countQueuedRecipients(db, organizationId, broadcastId, totalCount);
  await setBroadcastTotal(db, organizationId, broadcastId, totalCount);
  return totalCount;
}

/**
 * Deletes a broadcast. Its queued recipients are cancelled first, in the same transaction, so a
 * processing broadcast stops: the dispatcher skips what it has locked and finds nothing left to claim.
 * Recipients already `sending` are with Meta; their messages stay in the conversations.
 */
export async function deleteBroadcast(db: Database, organizationId: string, broadcastId: string): Promise<{ message: string }> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.transaction(async (tx) => {
        // Its figures first, before any recipient row: the summary upkeep waits for this, never the other way.
        await forgetBroadcastSummary(tx, organizationId, broadcastId);
        // A cancelled recipient waiting to be retried already has its message in the chat, showing
        // `sending`: it becomes failed, so the chat never shows a send that will not happen.
        const { messageIds } = await cancelPendingRecipients(tx, organizationId, broadcastId);
        if (messageIds.length > 0) {
          await lockOutboundMessages(tx, organizationId, { wamids: [], messageIds });
          await recordOutboundOutcomes(tx, organizationId, {
            accepted: [],
            refused: messageIds.map((messageId) => ({ messageId, code: null, message: CANCELLED_BEFORE_SEND })),
          });
        }
        // Every recipient row (the delete cascades to them) before the broadcast's row: a broadcast's
        // row is locked after its recipients', never before (a settle pausing it holds some of them).
        await lockRecipientsOf(tx, organizationId, broadcastId);
        if (!(await deleteBroadcastRow(tx, organizationId, broadcastId))) throw notFound(BROADCAST_TEXTS.notFound);
      });
      return { message: DELETED_MESSAGE };
    } catch (error) {
      // Deleting waits for the rows the dispatcher is settling; if PostgreSQL picks this transaction
      // as a deadlock's victim, nothing was changed and it simply runs again.
      if (!isDeadlock(error) || attempt >= DELETE_ATTEMPTS) throw error;
    }
  }
}

const DELETE_ATTEMPTS = 3;

function isDeadlock(error: unknown): boolean {
  const err = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return err?.code === '40P01' || err?.cause?.code === '40P01';
}

/**
 * "Retry failed": failed recipients never delivered and never retried go back in the queue, once each;
 * a finished broadcast becomes `processing` again so the dispatcher completes it anew.
 */
export async function retryFailedRecipients(db: Database, organizationId: string, broadcastId: string): Promise<RetryFailedResponse> {
  return requeueAndReopen(db, organizationId, broadcastId, (tx) => requeueFailedRecipients(tx, organizationId, broadcastId));
}

/**
 * "Send again": the recipients left unknown with no report from WhatsApp `graceMinutes` after their send
 * go back in the queue; a finished broadcast becomes `processing` again. A report that arrives before
 * their new send still settles them (see `reconcileRecipients`), so they are not sent twice by Parley.
 */
export async function resendUnconfirmedRecipients(
  db: Database,
  organizationId: string,
  broadcastId: string,
  graceMinutes: number,
): Promise<ResendUnconfirmedResponse> {
  return requeueAndReopen(db, organizationId, broadcastId, (tx) => requeueUnconfirmedRecipients(tx, organizationId, broadcastId, graceMinutes));
}

/** Puts the recipients `requeue` picks back in the queue, noting them for the summary, and reopens a finished broadcast. */
async function requeueAndReopen(
  db: Database,
  organizationId: string,
  broadcastId: string,
  requeue: (tx: Queryable) => Promise<string[]>,
): Promise<{ requeued: number }> {
  return db.transaction(async (tx) => {
    // Recipients first, the broadcast's row after them: the order every transaction takes them in
    // (settling a batch fails recipients, then pauses their broadcast), so this never waits for a
    // recipient while holding a broadcast a settle waits for.
    const requeuedIds = await requeue(tx);
    await noteRecipientChanges(tx, organizationId, requeuedIds.map((recipientId) => ({ broadcastId, recipientId })));
    const requeued = requeuedIds.length;
    // Locked even when it stays `processing`: a completion locks the row before reading the
    // recipients, so it waits for this commit and sees them queued again.
    if (!(await lockBroadcast(tx, organizationId, broadcastId))) throw notFound(BROADCAST_TEXTS.notFound);
    if (requeued > 0) await reopenBroadcast(tx, organizationId, broadcastId, ['completed', 'failed']);
    return { requeued };
  });
}

/** Resume: a paused broadcast goes back to `processing` (its reason cleared); any other status is refused. */
export async function resumeBroadcast(db: Database, organizationId: string, broadcastId: string): Promise<Broadcast> {
  if (!(await reopenBroadcast(db, organizationId, broadcastId, ['paused']))) {
    await getBroadcast(db, organizationId, broadcastId);
    throw conflict(BROADCAST_TEXTS.notPaused);
  }
  return getBroadcast(db, organizationId, broadcastId);
}
