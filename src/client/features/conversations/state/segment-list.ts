import type { Message } from '@shared/api/conversations';
import { editedSegments, firstSortKey, lastSortKey, segmentsOf, storedMessagesAdapter, type SegmentEdit, type StoredSegment } from './message-segments';

/**
 * A conversation's stored messages as segments in sort-key order: `order` lists the segments' ids, oldest
 * first, and `byId` holds each segment. Normalized like an entity state rather than kept as an array of
 * segments, so that a segment added by a split or by older history is one new entry plus a new `order`
 * of short ids, and no other segment moves. In an array every segment after the new one would move to
 * another index, and RTK Query's updateQueryData (a send's answer, older history) would then carry each
 * of them in its patches, which are deep-copied when applied: every message of the conversation.
 */
export interface SegmentList {
  order: string[];
  byId: Record<string, StoredSegment>;
  /** The number in the next new segment's id; ids are never reused. */
  nextId: number;
}

const segmentId = (count: number) => `s${count}`;

const NO_SEGMENT: StoredSegment = storedMessagesAdapter.getInitialState();

/** Messages sorted by sort key as a list of segments. */
export function segmentListOf(sorted: readonly Message[]): SegmentList {
  const segments = segmentsOf(sorted);
  const order = segments.map((_, count) => segmentId(count));
  return { order, byId: Object.fromEntries(order.map((id, position) => [id, segments[position]])), nextId: segments.length };
}

/** The segments in order. */
export function segmentsInOrder(list: SegmentList): StoredSegment[] {
  return list.order.map((id) => list.byId[id]);
}

/** Binary search: the position of the first segment whose newest message passes `reaches`, or the count of segments. */
function firstPositionWhoseNewest(list: SegmentList, reaches: (newestSortKey: string) => boolean): number {
  let low = 0;
  let high = list.order.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (reaches(lastSortKey(list.byId[list.order[middle]]))) high = middle;
    else low = middle + 1;
  }
  return low;
}

/**
 * The position of the segment holding the stored message `key`, found through its sort key, or -1. The
 * server gives a message its sort key once, so a stored message can only be in the segments whose range
 * covers that key (one, or a few when equal keys straddle segments).
 */
export function positionHolding(list: SegmentList, key: string, sortKey: string): number {
  for (let position = firstPositionWhoseNewest(list, (newest) => newest >= sortKey); position < list.order.length; position += 1) {
    const segment = list.byId[list.order[position]];
    if (firstSortKey(segment) > sortKey) break;
    if (segment.entities[key] !== undefined) return position;
  }
  return -1;
}

/**
 * The position of the segment a new stored message joins: the first one whose newest message comes
 * after it (a late webhook for an earlier message joins its place, not the end), or the newest segment
 * when none does (0 when there is no segment yet). A message with the sort key of held ones goes after them.
 */
export function positionJoined(list: SegmentList, sortKey: string): number {
  return Math.max(0, Math.min(firstPositionWhoseNewest(list, (newest) => newest > sortKey), list.order.length - 1));
}

/**
 * Writes the edits, keyed by position in `held`, into `draft`, the same list in an Immer draft: each
 * edited segment is replaced under its id, the parts it split into beyond the first get new ids, and
 * `order` is written only when there are new segments. The other segments are not touched.
 */
export function writeEdits(draft: SegmentList, held: SegmentList, edits: ReadonlyMap<number, SegmentEdit>): void {
  const order = [...held.order];
  let nextId = held.nextId;
  // From the newest position down: splicing `order` there leaves the positions still to write in place.
  for (const [position, edit] of [...edits].sort(([a], [b]) => b - a)) {
    // No id when the conversation had no stored message yet.
    const id: string | undefined = held.order[position];
    const parts = editedSegments(id === undefined ? NO_SEGMENT : held.byId[id], edit);
    const ids = parts.map((_, part) => (part === 0 && id !== undefined ? id : segmentId(nextId++)));
    ids.forEach((partId, part) => (draft.byId[partId] = parts[part]));
    order.splice(position, id === undefined ? 0 : 1, ...ids);
  }
  if (nextId !== held.nextId) {
    draft.order = order;
    draft.nextId = nextId;
  }
}
