import { createEntityAdapter, type EntityState } from '@reduxjs/toolkit';
import { MESSAGE_STATUS_RANK, type Message, type MessagePage } from '@shared/api/conversations';

/**
 * A message as the inbox holds it: a stored one, or an optimistic one not stored yet, which has no
 * `seq` (and, until stored, its clientId as its id).
 */
export type InboxMessage = Omit<Message, 'seq'> & { seq: number | null };

/** One conversation's messages, normalized, with where the poll continues and whether older ones exist. */
export interface MessagesCache extends EntityState<InboxMessage, string> {
  /** The server's poll cursor: the next poll asks for what changed after it. */
  cursor: number;
  /** Older messages exist before the oldest one held. */
  hasMore: boolean;
}

/**
 * Keyed by clientId when there is one, so the optimistic message and the stored one (whether the send's
 * answer or a poll brings it first) are the same entity and never two bubbles. Ordered by seq; optimistic
 * messages come last, in the order they were written.
 */
export const messagesAdapter = createEntityAdapter<InboxMessage, string>({
  selectId: (message) => message.clientId ?? message.id,
  sortComparer: (a, b) => {
    if (a.seq !== null && b.seq !== null) return a.seq - b.seq;
    if (a.seq !== null) return -1;
    if (b.seq !== null) return 1;
    return a.createdAt.localeCompare(b.createdAt);
  },
});

export const messageSelectors = messagesAdapter.getSelectors();

export function cacheFromPage(page: MessagePage): MessagesCache {
  return { ...messagesAdapter.setAll(messagesAdapter.getInitialState(), page.data), cursor: page.cursor, hasMore: page.hasMore };
}

/**
 * Upserts stored messages (mutating: call it on an Immer draft, as RTK Query's `merge` and
 * `updateQueryData` hand it). A stored message's status never moves back down its rank: a send's answer
 * ('sent') landing after a poll already brought 'delivered' keeps 'delivered'. An optimistic entry
 * (no seq) is simply replaced by the stored message.
 */
export function mergeMessages(cache: EntityState<InboxMessage, string>, incoming: readonly InboxMessage[]): void {
  const merged = incoming.map((message) => {
    const held = cache.entities[messagesAdapter.selectId(message)];
    if (!held || held.seq === null || MESSAGE_STATUS_RANK[held.status] <= MESSAGE_STATUS_RANK[message.status]) return message;
    return { ...message, status: held.status, errorCode: held.errorCode, errorMessage: held.errorMessage };
  });
  messagesAdapter.upsertMany(cache, merged);
}

/**
 * Merges what a poll answered (mutating, on a draft). A status change of a message older than the history loaded is left
 * out: that message is not shown, and loading older history brings it with its current status anyway
 * (taking it in would open a gap in the history shown).
 */
export function mergePolled(cache: MessagesCache, polled: readonly InboxMessage[], cursor: number): void {
  const oldest = oldestSeq(cache);
  const shown = polled.filter(
    (message) => oldest === null || message.seq === null || message.seq >= oldest || cache.entities[messagesAdapter.selectId(message)] !== undefined,
  );
  mergeMessages(cache, shown);
  cache.cursor = Math.max(cache.cursor, cursor);
}

/** The seq older history continues before: the oldest stored message held. */
export function oldestSeq(cache: EntityState<InboxMessage, string>): number | null {
  const first = cache.ids.length > 0 ? cache.entities[cache.ids[0]] : undefined;
  return first?.seq ?? null;
}
