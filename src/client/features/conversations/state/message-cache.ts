import type { Message, MessagePage } from '@shared/api/conversations';
import { bySortKey, messageKey, type InboxMessage, type OptimisticMessage } from './inbox-message';
import { firstSortKey, pendingMessagesAdapter, segmentMessages, storedMessagesAdapter, type PendingSegment, type StoredSegment } from './message-segments';
import { segmentListOf, segmentsInOrder, type SegmentList } from './segment-list';

/**
 * One conversation's messages, normalized: the stored ones in small entity states ordered by sort key
 * (message-segments.ts, segment-list.ts), so that a write copies the few segments it touches and never
 * every message of a long conversation, and the optimistic ones apart. Read it through the functions
 * below, which keep the order: stored messages by sort key, then optimistic ones as they were written
 * (at the bottom until their stored copy takes its place).
 */
export interface MessagesCache {
  /** The stored messages, by sort key, SEGMENT_SIZE at most per segment. */
  segments: SegmentList;
  /** The optimistic messages, keyed by clientId, until their stored copy replaces them. */
  pending: PendingSegment;
  /** The server's poll cursor: the next poll asks for what changed after it. */
  cursor: number;
  /** Older messages exist before the oldest one held. */
  hasMore: boolean;
}

/** A change of a message's delivery status, with its failure reason when there is one. */
export type StatusChange = Pick<InboxMessage, 'status'> & Partial<Pick<InboxMessage, 'errorCode' | 'errorMessage'>>;

export function cacheFromPage(page: MessagePage): MessagesCache {
  // One entity per key, whatever the answer holds.
  const byKey = new Map(page.data.map((message) => [messageKey(message), message]));
  return {
    segments: segmentListOf([...byKey.values()].sort(bySortKey)),
    pending: pendingMessagesAdapter.getInitialState(),
    cursor: page.cursor,
    hasMore: page.hasMore,
  };
}

// Lists of a state (never of a draft), kept per reference: a render after a poll lists again only the
// segments the poll replaced, and a render without a change lists nothing.
const listedSegments = new WeakMap<StoredSegment, readonly Message[]>();
const listedCaches = new WeakMap<MessagesCache, readonly InboxMessage[]>();

function listed(segment: StoredSegment): readonly Message[] {
  let list = listedSegments.get(segment);
  if (!list) {
    list = segmentMessages(segment);
    listedSegments.set(segment, list);
  }
  return list;
}

const NO_MESSAGES: readonly Message[] = [];

/** The stored messages, by sort key. */
export function storedMessages(cache: MessagesCache): readonly Message[] {
  // One concat copies the lists at once, far cheaper than flatMap over a long conversation.
  return NO_MESSAGES.concat(...segmentsInOrder(cache.segments).map(listed));
}

/** Every message in the order shown: stored ones by sort key, then optimistic ones as they were written. */
export function orderedMessages(cache: MessagesCache): readonly InboxMessage[] {
  let list = listedCaches.get(cache);
  if (!list) {
    list = [...storedMessages(cache), ...segmentMessages(cache.pending)];
    listedCaches.set(cache, list);
  }
  return list;
}

/** The message of this key, optimistic or stored, searched from the newest: the messages acted on are recent ones. */
export function messageByKey(cache: MessagesCache, key: string): InboxMessage | undefined {
  if (Object.hasOwn(cache.pending.entities, key)) return cache.pending.entities[key];
  const { order, byId } = cache.segments;
  for (let position = order.length - 1; position >= 0; position -= 1) {
    if (Object.hasOwn(byId[order[position]].entities, key)) return byId[order[position]].entities[key];
  }
  return undefined;
}

/** The sort key older history continues before: the oldest stored message held's. */
export function oldestSortKey(cache: MessagesCache): string | null {
  const oldest = cache.segments.order.length > 0 ? cache.segments.byId[cache.segments.order[0]] : undefined;
  return oldest ? firstSortKey(oldest) : null;
}

/** Shows a message written here at once (mutating: call it on a draft). */
export function addOptimisticMessage(cache: MessagesCache, message: OptimisticMessage): void {
  pendingMessagesAdapter.addOne(cache.pending, message);
}

/**
 * Sets a message's status as the sender knows it (mutating: call it on a draft): sending again on a
 * retry, failed when the send failed. Unlike a merge it may move the status down; the caller decides.
 */
export function updateMessageStatus(cache: MessagesCache, key: string, change: StatusChange): void {
  const update = { id: key, changes: change };
  if (Object.hasOwn(cache.pending.entities, key)) {
    pendingMessagesAdapter.updateOne(cache.pending, update);
    return;
  }
  const id = cache.segments.order.find((segmentId) => Object.hasOwn(cache.segments.byId[segmentId].entities, key));
  if (id !== undefined) storedMessagesAdapter.updateOne(cache.segments.byId[id], update);
}
