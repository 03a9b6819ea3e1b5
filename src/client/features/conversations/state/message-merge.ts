import { isDraft, original } from '@reduxjs/toolkit';
import { MESSAGE_STATUS_RANK, type Message } from '@shared/api/conversations';
import { bySortKey, messageKey, type InboxMessage } from './inbox-message';
import { oldestSortKey, type MessagesCache } from './message-cache';
import { emptyEdit, pendingMessagesAdapter, type SegmentEdit } from './message-segments';
import { positionHolding, positionJoined, writeEdits } from './segment-list';

/** A held message and where: the position of its stored segment, or null while it is pending. */
interface Held {
  message: InboxMessage;
  segment: number | null;
}

/**
 * The entry as it was when its producer started, for reading. Reading a message through an Immer draft
 * makes Immer copy the entities object holding it even when nothing is written, so the merges read the
 * state itself and write only what changes. RTK Query runs `merge` in a producer of its own inside the
 * store's reducer, whose draft is the original of `merge`'s draft: the state is under both. Call the
 * merges before any other change in a recipe.
 */
function heldState(cache: MessagesCache): MessagesCache {
  let held = cache;
  while (isDraft(held)) {
    const under = original(held);
    if (under === undefined) break;
    held = under;
  }
  return held;
}

function findHeld(cache: MessagesCache, key: string, sortKey: string): Held | undefined {
  const pending = cache.pending.entities[key];
  if (pending) return { message: pending, segment: null };
  const position = positionHolding(cache.segments, key, sortKey);
  return position < 0 ? undefined : { message: cache.segments.byId[cache.segments.order[position]].entities[key], segment: position };
}

/** The stored message to keep: a stored status never moves back down its rank. */
function keepRank(held: InboxMessage | undefined, incoming: Message): Message {
  if (!held || held.seq === null || MESSAGE_STATUS_RANK[held.status] <= MESSAGE_STATUS_RANK[incoming.status]) return incoming;
  return { ...incoming, status: held.status, errorCode: held.errorCode, errorMessage: held.errorMessage };
}

function sameMessage(held: InboxMessage, incoming: Message): boolean {
  return (Object.keys(incoming) as (keyof Message)[]).every((field) => held[field] === incoming[field]);
}

/**
 * Upserts stored messages (mutating: call it on an Immer draft, as RTK Query's `merge` and
 * `updateQueryData` hand it, before other changes). A stored status never moves back down its rank: a
 * send's answer ('sent') landing after a poll already brought 'delivered' keeps 'delivered'. An
 * optimistic message is replaced by the stored message of its clientId, which moves it from the
 * pending segment into its place by sort key. The server gives a stored message its sort key once, unique
 * in its conversation, so a held stored message is replaced where it is and only new ones are placed: a
 * late webhook for an earlier customer message joins the segment where it belongs.
 *
 * Only the segments holding a changed message or receiving a new one are rebuilt (a binary search over
 * the segments finds them, and each rebuilt segment is merged in one pass, never re-sorted), plus the
 * short order of segments when one splits; a message that did not change is not touched, and nothing
 * changed leaves the entry's reference as it was.
 */
export function mergeMessages(cache: MessagesCache, incoming: readonly Message[]): void {
  const held = heldState(cache);
  // Each key's outcome: the message held under it and where, and the message to keep.
  const outcomes = new Map<string, { held: Held | undefined; next: Message }>();
  for (const message of incoming) {
    const key = messageKey(message);
    const earlier = outcomes.get(key);
    const found = earlier ? earlier.held : findHeld(held, key, message.sortKey);
    outcomes.set(key, { held: found, next: keepRank(earlier?.next ?? found?.message, message) });
  }

  const edits = new Map<number, SegmentEdit>();
  const editOf = (position: number): SegmentEdit => {
    const edit = edits.get(position) ?? emptyEdit();
    edits.set(position, edit);
    return edit;
  };
  const nowStored: string[] = [];
  const arriving: Message[] = [];
  for (const [key, { held: found, next }] of outcomes) {
    if (found && sameMessage(found.message, next)) continue;
    if (found && found.segment !== null) {
      editOf(found.segment).replaced.set(key, next);
      continue;
    }
    if (found) nowStored.push(key);
    arriving.push(next);
  }
  for (const message of arriving.sort(bySortKey)) editOf(positionJoined(held.segments, message.sortKey)).arriving.push(message);

  if (edits.size > 0) writeEdits(cache.segments, held.segments, edits);
  if (nowStored.length > 0) cache.pending = pendingMessagesAdapter.removeMany(held.pending, nowStored);
}

/**
 * Merges what a poll answered (mutating, on a draft). A message that sorts before the history loaded is
 * left out while older history remains to load: that history brings it, with its current status, in
 * its place (taking it in would open a gap in the history shown). With the whole history held, a late
 * message sorting before all of it is taken in.
 */
export function mergePolled(cache: MessagesCache, polled: readonly Message[], cursor: number): void {
  const held = heldState(cache);
  const oldest = oldestSortKey(held);
  const shown = polled.filter(
    (message) => !held.hasMore || oldest === null || message.sortKey >= oldest || findHeld(held, messageKey(message), message.sortKey) !== undefined,
  );
  mergeMessages(cache, shown);
  if (cursor > cache.cursor) cache.cursor = cursor;
}
