import type { Database, Queryable } from '../../db/database';
import type { MESSAGE_TYPES } from '../../db/schema';
import { uuidv7 } from '../../lib/ids';
import { advanceForOutbound, lockConversations, lockConversationsForSend, lockConversationsOfMessages, startFreeEntryPoints } from './conversations-repository';
import { DELIVERY_RANK, type DeliveryStatus, type StatusUpdate } from './delivery-status';
import { deleteMediaFileRow, type MediaFileRow } from '../media';
import {
  clearMessageMedia, conversationOfMessage, isMediaShownIn, conversationsOfMessages, conversationsOfWamids, conversationsShowingMedia, insertMessage,
  insertOutboundBatch, lockWamids, markMessageFailed, markMessagesFailed, mergeStatuses, resendFailedMessages, setMessageWamid,
  setMessageWamids, type StatusMerge,
} from './messages-repository';
import { visibleConversations, type Viewer } from './viewer';
import { noteMessageStatuses } from '../broadcast-summary';
import { deleteParkedBefore, parkStatuses, takeParkedStatuses, takeParkedStatusesOf, type ParkedStatus } from './pending-statuses-repository';

/**
 * A message's life after it was written: an outbound message stored before its send, the wamid Meta
 * gives it (or the error it refused it with), and the delivery statuses Meta reports for it. The
 * inbox's send and the broadcast dispatcher store, send, then attach; the webhook ingestion applies
 * statuses. Every change locks the message's conversation first (see messages-repository).
 */

export interface OutboundMessageInput {
  organizationId: string;
  conversationId: string;
  contactId: string;
  messageType: (typeof MESSAGE_TYPES)[number];
  content: string;
  senderUserId?: string | null;
  broadcastId?: string | null;
  clientId?: string | null;
  payload?: unknown;
  sentAt?: Date;
}

/**
 * Stores an outbound message in `sending` state before the API call: the conversation's next seq and
 * the insert in one transaction (the poll cursor never skips one), and the conversation's last
 * message moves to it. Once Meta answers, `attachWamid` records the wamid. Answers the message id.
 */
export async function recordOutboundMessage(db: Database, input: OutboundMessageInput): Promise<string> {
  return db.transaction((tx) => storeOutboundMessage(tx, input));
}

/** `recordOutboundMessage` inside the caller's transaction (which may already hold the conversation). */
export async function storeOutboundMessage(tx: Queryable, input: OutboundMessageInput & { mediaId?: string | null }): Promise<string> {
  const id = uuidv7();
  const sentAt = input.sentAt ?? new Date();
  const seq = await advanceForOutbound(tx, input.organizationId, input.conversationId, { id, sentAt });
  await insertMessage(tx, {
    id,
    organizationId: input.organizationId,
    conversationId: input.conversationId,
    contactId: input.contactId,
    seq,
    clientId: input.clientId ?? null,
    direction: 'outbound',
    messageType: input.messageType,
    content: input.content,
    status: 'sending',
    mediaId: input.mediaId ?? null,
    senderUserId: input.senderUserId ?? null,
    broadcastId: input.broadcastId ?? null,
    payload: input.payload ?? null,
    sentAt,
  });
  return id;
}

/** Meta refused a send: the message becomes `failed` with Meta's code (when it gave one) and reason. */
export async function recordSendFailure(
  db: Database,
  organizationId: string,
  message: { id: string; conversationId: string },
  error: { code: number | null; message: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockConversations(tx, organizationId, [message.conversationId]);
    await markMessageFailed(tx, organizationId, message.id, error);
  });
}

/**
 * Deletes a media file's row, when the viewer may see it (see `isMediaVisibleTo`); the messages that
 * showed it keep their rows, without media. Answers the row, or null when there is none for the viewer.
 */
export async function deleteMediaFile(db: Database, viewer: Viewer, mediaId: string): Promise<MediaFileRow | null> {
  const { organizationId } = viewer;
  return db.transaction(async (tx) => {
    await lockConversations(tx, organizationId, await conversationsShowingMedia(tx, organizationId, mediaId));
    if (!(await isMediaVisibleTo(tx, viewer, mediaId))) return null;
    await clearMessageMedia(tx, organizationId, mediaId);
    return deleteMediaFileRow(tx, organizationId, mediaId);
  });
}

/**
 * Who may see a media file is who may see a conversation showing it: with chats:view_all every file of
 * the organization, otherwise the files shown in their own and the unassigned conversations.
 */
export async function isMediaVisibleTo(db: Queryable, viewer: Viewer, mediaId: string): Promise<boolean> {
  return viewer.seesAll || isMediaShownIn(db, viewer.organizationId, mediaId, visibleConversations(viewer));
}

/** Pending statuses for a message Parley never stored (sent from elsewhere) are forgotten after this. */
export const PENDING_STATUS_TTL_MS = 7 * 24 * 3_600_000;

/**
 * Applies a batch of status webhooks for one organization. Meta delivers them at least once and in any
 * order, so statuses merge by rank (DELIVERY_RANK): any order and any number of repeats give the same
 * final state. Timestamps keep the earliest report and error details the first failure, which are
 * order-independent too; because the merge is a max/min, a batch is folded per message in memory first
 * and applied in one statement. Statuses for a wamid not stored yet (Meta can report `sent` before the
 * send call returned) are parked and applied by `attachWamid`; per-wamid advisory locks make "is the
 * message there? else park it" atomic against `attachWamid`.
 */
export async function applyStatuses(db: Database, organizationId: string, updates: StatusUpdate[]): Promise<void> {
  if (updates.length === 0) return;
  const folded = fold(updates);
  const wamids = folded.map((f) => f.wamid);
  await db.transaction(async (tx) => {
    await lockWamids(tx, organizationId, wamids);
    await lockConversations(tx, organizationId, await conversationsOfWamids(tx, organizationId, wamids));
    const applied = await mergeStatuses(tx, organizationId, folded);
    // A broadcast message delivered or read moves its broadcast's figures.
    await noteMessageStatuses(tx, organizationId, [...applied]);
    await parkStatuses(
      tx,
      organizationId,
      updates
        .filter((update) => !applied.has(update.wamid))
        .map(({ wamid, status, occurredAt, errorCode, errorMessage }) => ({ wamid, status, occurredAt, errorCode, errorMessage })),
    );
  });
}

/**
 * Records the wamid Meta gave an outbound message (the send call's answer) and applies any statuses
 * that arrived first. The inbox and the broadcast dispatcher call this right after a send succeeds.
 * The message becomes at least `sent`; a first reply to an entry-point message starts free messages.
 */
export async function attachWamid(db: Database, organizationId: string, messageId: string, wamid: string): Promise<void> {
  await db.transaction(async (tx) => {
    await lockWamids(tx, organizationId, [wamid]);
    const conversationId = await conversationOfMessage(tx, organizationId, messageId);
    if (!conversationId) return;
    await lockConversations(tx, organizationId, [conversationId]);
    await setMessageWamid(tx, organizationId, messageId, wamid);
    await startFreeEntryPoints(tx, organizationId, [messageId]);
    const parked = await takeParkedStatuses(tx, organizationId, wamid);
    if (parked.length === 0) return;
    await mergeStatuses(tx, organizationId, fold(parked.map(parkedUpdate)));
  });
}

const parkedUpdate = (p: ParkedStatus): StatusUpdate => ({
  wamid: p.wamid,
  status: p.status as DeliveryStatus,
  occurredAt: p.occurredAt,
  errorCode: p.errorCode ?? undefined,
  errorMessage: p.errorMessage ?? undefined,
});

/** A broadcast message to store for a contact, in the contact's one conversation, with its id chosen by the caller. */
export interface BatchMessageInput {
  id: string;
  contactId: string;
  messageType: (typeof MESSAGE_TYPES)[number];
  content: string;
  broadcastId: string | null;
}

/**
 * Stores a batch of outbound messages in `sending` state inside the caller's transaction (the broadcast
 * dispatcher's claim): each contact's conversation is created when it has none, every conversation
 * involved is locked in one sorted statement (those of `resend` too), and the messages take their
 * conversations' next seqs and are inserted in one statement. `resend` are earlier failed messages
 * queued again (Retry failed): back to `sending`.
 */
export async function storeOutboundBatch(
  tx: Queryable,
  organizationId: string,
  batch: { create: BatchMessageInput[]; resend: string[] },
): Promise<void> {
  if (batch.create.length === 0 && batch.resend.length === 0) return;
  const resendIn = batch.resend.length > 0 ? await conversationsOfMessages(tx, organizationId, batch.resend) : [];
  const conversations = await lockConversationsForSend(tx, organizationId, {
    contactIds: batch.create.map((input) => input.contactId),
    conversationIds: resendIn,
  });
  await resendFailedMessages(tx, organizationId, batch.resend);
  await insertOutboundBatch(
    tx,
    organizationId,
    batch.create.map((input) => {
      const conversation = conversations.get(input.contactId);
      if (!conversation) throw new Error('The conversation just upserted could not be read');
      return { ...input, conversationId: conversation.id };
    }),
    new Date(),
  );
}

/**
 * Locks what recording send outcomes changes, for the rest of the caller's transaction: the wamids
 * (advisory locks), then the conversations of the messages, the order `applyStatuses` takes them in,
 * so the two never deadlock. A caller that also changes other rows (broadcast recipients) locks them
 * after this.
 */
export async function lockOutboundMessages(tx: Queryable, organizationId: string, lock: { wamids: string[]; messageIds: string[] }): Promise<void> {
  await lockWamids(tx, organizationId, lock.wamids);
  await lockConversationsOfMessages(tx, organizationId, lock.messageIds);
}

/**
 * Records what Meta answered for a batch of sends, inside the caller's transaction and after
 * `lockOutboundMessages`: each accepted message takes its wamid (unless it has one already) and any
 * statuses parked for it (a first reply to an entry-point message starts free messages), each refused
 * one becomes `failed` with Meta's code and reason.
 */
export async function recordOutboundOutcomes(
  tx: Queryable,
  organizationId: string,
  outcomes: { accepted: Array<{ messageId: string; wamid: string }>; refused: Array<{ messageId: string; code: number | null; message: string }> },
): Promise<void> {
  const attached = await setMessageWamids(tx, organizationId, outcomes.accepted);
  await startFreeEntryPoints(tx, organizationId, outcomes.accepted.map((accepted) => accepted.messageId));
  await markMessagesFailed(tx, organizationId, outcomes.refused);
  const parked = await takeParkedStatusesOf(tx, organizationId, attached);
  if (parked.length > 0) await mergeStatuses(tx, organizationId, fold(parked.map(parkedUpdate)));
}

/** Forgets parked statuses older than the TTL; answers how many. */
export function expirePendingStatuses(db: Database, now = Date.now()): Promise<number> {
  return deleteParkedBefore(db, new Date(now - PENDING_STATUS_TTL_MS));
}

/** One entry per wamid: the highest status, the earliest delivery and read times, the first failure. */
function fold(updates: StatusUpdate[]): StatusMerge[] {
  const byWamid = new Map<string, StatusMerge & { status: DeliveryStatus }>();
  const earliest = (a: Date | null, b: Date) => (a && a <= b ? a : b);
  for (const update of updates) {
    const current = byWamid.get(update.wamid) ?? {
      wamid: update.wamid, status: update.status, deliveredAt: null, readAt: null, errorCode: null, errorMessage: null,
    };
    if (DELIVERY_RANK[update.status] > DELIVERY_RANK[current.status]) current.status = update.status;
    if (update.status === 'delivered' || update.status === 'read') current.deliveredAt = earliest(current.deliveredAt, update.occurredAt);
    if (update.status === 'read') current.readAt = earliest(current.readAt, update.occurredAt);
    if (update.status === 'failed' && current.errorMessage === null) {
      current.errorCode = update.errorCode ?? null;
      current.errorMessage = update.errorMessage ?? 'Message failed';
    }
    byWamid.set(update.wamid, current);
  }
  return [...byWamid.values()];
}

// Button automation and the seed read and place messages inside their own transactions.
export { countInboundAfter, findMessageByWamid, lastOutboundSeq, markInboundReadBefore, type MessageRow, setMessageMedia } from './messages-repository';
