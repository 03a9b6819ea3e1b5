import { createEntityAdapter, freeze, type EntityState } from '@reduxjs/toolkit';
import type { Message } from '@shared/api/conversations';
import { byCreation, bySortKey, messageKey, type OptimisticMessage } from './inbox-message';

/**
 * A run of stored messages, consecutive by sort key: every message of a segment sorts before every message
 * of the next one (segment-list.ts keeps them in that order).
 */
export type StoredSegment = EntityState<Message, string>;

/** The optimistic messages not stored yet, keyed by clientId. */
export type PendingSegment = EntityState<OptimisticMessage, string>;

/**
 * The most messages a stored segment holds. A poll rebuilds every segment it touches (a new message,
 * a status change), so it costs about the segments touched times this size, plus a little per segment
 * of the conversation: smaller segments make scattered status changes cheaper, larger ones keep a long
 * conversation to fewer segments. `npm run bench -- inbox-merge` compares sizes.
 */
export const SEGMENT_SIZE = 64;

export const storedMessagesAdapter = createEntityAdapter<Message, string>({ selectId: messageKey, sortComparer: bySortKey });
export const pendingMessagesAdapter = createEntityAdapter<OptimisticMessage, string>({ selectId: messageKey, sortComparer: byCreation });

/** A segment's messages in order. */
export function segmentMessages<T>(segment: EntityState<T, string>): T[] {
  return segment.ids.map((id) => segment.entities[id]);
}

/**
 * A segment of messages sorted by sort key, frozen where it is built: the store holds its state frozen anyway,
 * and a segment Immer finds frozen is not walked message by message (once to finalize a producer's
 * result, once more to freeze it), which would cost as much again as building the segment. For the same
 * reason its messages must be values of the state, never drafts: Immer does not look for drafts inside
 * a frozen object, and one left there would be dead once its producer ends.
 */
function segmentOf(sorted: readonly Message[]): StoredSegment {
  const ids: string[] = [];
  const entities: Record<string, Message> = {};
  for (const message of sorted) {
    const key = messageKey(message);
    ids.push(key);
    entities[key] = freeze(message);
  }
  return freeze({ ids: freeze(ids), entities: freeze(entities) });
}

/**
 * Messages sorted by sort key, as segments of at most SEGMENT_SIZE. The parts are as even as can be, so a
 * segment that grew one past the limit splits in two half-full ones, each with room to grow again
 * before it splits (a new segment of one message per poll would be as costly as a long array of them).
 */
export function segmentsOf(sorted: readonly Message[]): StoredSegment[] {
  const parts = Math.ceil(sorted.length / SEGMENT_SIZE);
  const segments: StoredSegment[] = [];
  for (let part = 0; part < parts; part += 1) {
    const from = Math.floor((part * sorted.length) / parts);
    const to = Math.floor(((part + 1) * sorted.length) / parts);
    segments.push(segmentOf(sorted.slice(from, to)));
  }
  return segments;
}

export function firstSortKey(segment: StoredSegment): string {
  return segment.entities[segment.ids[0]].sortKey;
}

export function lastSortKey(segment: StoredSegment): string {
  return segment.entities[segment.ids[segment.ids.length - 1]].sortKey;
}

/** What a merge changes in one stored segment. */
export interface SegmentEdit {
  /** Held messages replaced where they are, by key (a stored message keeps its sort key). */
  replaced: Map<string, Message>;
  /** New messages joining the segment, sorted by sort key. */
  arriving: Message[];
}

export function emptyEdit(): SegmentEdit {
  return { replaced: new Map(), arriving: [] };
}

/** Two lists sorted by sort key as one, in one pass: an arriving message goes after held ones of the same key. */
function mergeBySortKey(held: readonly Message[], arriving: readonly Message[]): Message[] {
  const merged: Message[] = [];
  let taken = 0;
  for (const message of arriving) {
    while (taken < held.length && held[taken].sortKey <= message.sortKey) merged.push(held[taken++]);
    merged.push(message);
  }
  while (taken < held.length) merged.push(held[taken++]);
  return merged;
}

/**
 * The segment after the edit, in sort-key order: several when it grew past SEGMENT_SIZE. Only this segment
 * is rebuilt; its neighbours are not read.
 */
export function editedSegments(segment: StoredSegment, edit: SegmentEdit): StoredSegment[] {
  const held = segment.ids.map((id) => edit.replaced.get(id) ?? segment.entities[id]);
  return segmentsOf(edit.arriving.length > 0 ? mergeBySortKey(held, edit.arriving) : held);
}
