import { createEntityAdapter, isDraft, original, type EntityState } from '@reduxjs/toolkit';
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
  sortComparer: (a, b) => compareMessages(a, b),
});

export const messageSelectors = messagesAdapter.getSelectors();

export function cacheFromPage(page: MessagePage): MessagesCache {
  return { ...messagesAdapter.setAll(messagesAdapter.getInitialState(), page.data), cursor: page.cursor, hasMore: page.hasMore };
}

function compareMessages(a: InboxMessage, b: InboxMessage): number {
  if (a.seq !== null && b.seq !== null) return a.seq - b.seq;
  if (a.seq !== null) return -1;
  if (b.seq !== null) return 1;
  return a.createdAt.localeCompare(b.createdAt);
}

/** The stored message to keep: a stored status never moves back down its rank. */
function keepRank(held: InboxMessage | undefined, incoming: InboxMessage): InboxMessage {
  if (!held || held.seq === null || MESSAGE_STATUS_RANK[held.status] <= MESSAGE_STATUS_RANK[incoming.status]) return incoming;
  return { ...incoming, status: held.status, errorCode: held.errorCode, errorMessage: held.errorMessage };
}

/** The index, from `low` on, of the first id in `ids` that sorts after `message` (ids sorted by `compareMessages`). */
function insertionIndex(ids: readonly string[], lookup: (id: string) => InboxMessage | undefined, message: InboxMessage, low: number): number {
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const other = lookup(ids[middle]);
    if (other && compareMessages(other, message) <= 0) low = middle + 1;
    else high = middle;
  }
  return low;
}

/**
 * The entry's entities and ids as plain objects, for reading. Reading an entity through an Immer draft
 * makes Immer copy the whole entities object (10,000 keys for a long conversation) even when nothing is
 * written, so the merges read here and write through the draft only what changes. A draft is read as it
 * was when its producer started: call the merges before any other change in a recipe.
 */
function heldView(cache: EntityState<InboxMessage, string>): EntityState<InboxMessage, string> {
  return {
    ids: (isDraft(cache.ids) && original(cache.ids)) || cache.ids,
    entities: (isDraft(cache.entities) && original(cache.entities)) || cache.entities,
  };
}

function sameMessage(a: InboxMessage, b: InboxMessage): boolean {
  return (Object.keys(b) as (keyof InboxMessage)[]).every((field) => a[field] === b[field]);
}

/**
 * Upserts messages (mutating: call it on an Immer draft, as RTK Query's `merge` and `updateQueryData`
 * hand it, before other changes). A stored message's status never moves back down its rank: a send's
 * answer ('sent') landing after a poll already brought 'delivered' keeps 'delivered'. An optimistic
 * entry (no seq) is replaced by the stored message of its clientId.
 *
 * The same result as the adapter's upsertMany, without its cost on a long conversation: that re-sorts
 * every id after any update. Here a message whose place cannot change (same seq: a status change) is
 * updated where it is, one that did not change is not touched, and only new or moved messages are
 * placed, by binary search, into one new ids array.
 */
export function mergeMessages(cache: EntityState<InboxMessage, string>, incoming: readonly InboxMessage[]): void {
  const view = heldView(cache);
  const placed = new Map<string, InboxMessage>();
  for (const message of incoming) {
    const key = messagesAdapter.selectId(message);
    const held = view.entities[key];
    const next = keepRank(placed.get(key) ?? held, message);
    if (placed.has(key) || !held || held.seq !== next.seq) placed.set(key, next);
    else if (!sameMessage(held, next)) Object.assign(cache.entities[key], next);
  }
  if (placed.size === 0) return;
  const kept = view.ids.filter((id) => !placed.has(id));
  const arriving = [...placed.values()].sort(compareMessages);
  const lookup = (id: string) => view.entities[id];
  const ids: string[] = [];
  let from = 0;
  for (const message of arriving) {
    const at = insertionIndex(kept, lookup, message, from);
    for (let i = from; i < at; i += 1) ids.push(kept[i]);
    ids.push(messagesAdapter.selectId(message));
    from = at;
  }
  for (let i = from; i < kept.length; i += 1) ids.push(kept[i]);
  for (const [key, message] of placed) cache.entities[key] = message;
  cache.ids = ids;
}

/**
 * Merges what a poll answered (mutating, on a draft). A status change of a message older than the
 * history loaded is left out: that message is not shown, and loading older history brings it with its
 * current status anyway (taking it in would open a gap in the history shown).
 */
export function mergePolled(cache: MessagesCache, polled: readonly InboxMessage[], cursor: number): void {
  const view = heldView(cache);
  const oldest = oldestSeq(view);
  const shown = polled.filter(
    (message) => oldest === null || message.seq === null || message.seq >= oldest || view.entities[messagesAdapter.selectId(message)] !== undefined,
  );
  mergeMessages(cache, shown);
  if (cursor > cache.cursor) cache.cursor = cursor;
}

/** The seq older history continues before: the oldest stored message held. */
export function oldestSeq(cache: EntityState<InboxMessage, string>): number | null {
  const first = cache.ids.length > 0 ? cache.entities[cache.ids[0]] : undefined;
  return first?.seq ?? null;
}
