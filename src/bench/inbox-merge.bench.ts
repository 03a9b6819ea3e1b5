import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { createNextState, freeze } from '@reduxjs/toolkit';
import { NO_MEDIA, type Message } from '@shared/api/conversations';
import { messageKey, type InboxMessage, type OptimisticMessage } from '../client/features/conversations/state/inbox-message';
import { addOptimisticMessage, cacheFromPage, orderedMessages, type MessagesCache } from '../client/features/conversations/state/message-cache';
import { mergePolled } from '../client/features/conversations/state/message-merge';
import { SEGMENT_SIZE } from '../client/features/conversations/state/message-segments';
import { withSortKey } from '../client/features/conversations/testing/sort-key';
import { startBusyMeter } from './machine-busy';
import type { BenchRow, BenchSuite } from './run';

const SUITE = 'inbox-merge';
const HELD = 10_000;
const POLL = 50;
/** Of the poll's messages, how many are status changes of held ones; the rest are new. */
const STATUS_CHANGES = 10;
/** Optimistic messages waiting for their stored copy, which the poll brings. */
const PENDING = 5;
/** Enough for the merge's code to be optimized before it is timed. */
const WARM_UP_RUNS = 100;
const RUNS = 200;
const TARGET = '< 2 ms';

const T0 = Date.UTC(2026, 2, 1);

function message(seq: number, overrides: Partial<Message> = {}): Message {
  const at = new Date(T0 + seq * 30_000).toISOString();
  return withSortKey({
    id: `00000000-0000-7000-8000-${String(seq).padStart(12, '0')}`,
    clientId: seq % 2 === 0 ? `c-${seq}` : null,
    contactId: 'contact',
    conversationId: 'conversation',
    seq,
    content: `Message number ${seq} of the bench conversation`,
    direction: seq % 3 === 0 ? 'outbound' : 'inbound',
    messageType: 'text',
    status: 'sent',
    errorCode: null,
    errorMessage: null,
    sentAt: at,
    createdAt: at,
    ...NO_MEDIA,
    ...overrides,
  });
}

/** 10,000 stored messages and a few optimistic ones, as the messages cache entry holds them. */
function heldCache(): MessagesCache {
  const page = { data: Array.from({ length: HELD }, (_, i) => message(i + 1)), hasMore: true, cursor: HELD };
  const pending = Array.from({ length: PENDING }, (_, i): OptimisticMessage => ({
    ...message(HELD + i + 1, { direction: 'outbound', status: 'sending' }),
    id: pendingKey(i),
    clientId: pendingKey(i),
    seq: null,
    sortKey: null,
  }));
  return createNextState(cacheFromPage(page), (draft) => pending.forEach((optimistic) => addOptimisticMessage(draft, optimistic)));
}

const pendingKey = (i: number) => `pending-${i}`;
/** The held messages whose status the poll changes: spread over the whole history, one in about every tenth of it. */
const changedSeqs = Array.from({ length: STATUS_CHANGES }, (_, i) => HELD - i * 997);

/** A poll of 50: status changes spread over the held history, the stored copies of the pending ones, and new messages. */
function pollAnswer(): Message[] {
  const changes = changedSeqs.map((seq) => message(seq, { status: 'delivered' }));
  const stored = Array.from({ length: PENDING }, (_, i) => message(HELD + i + 1, { clientId: pendingKey(i), direction: 'outbound' }));
  const fresh = Array.from({ length: POLL - STATUS_CHANGES - PENDING }, (_, i) => message(HELD + PENDING + i + 1));
  return [...changes, ...stored, ...fresh];
}

/** The worst poll for segments: only status changes, each of a message in another part of the history. */
function spreadStatusPoll(): Message[] {
  const step = Math.floor(HELD / POLL);
  return Array.from({ length: POLL }, (_, i) => message(HELD - i * step, { status: 'read' }));
}

/** Throws unless the merge kept every message once, in seq order, with the poll's statuses. */
function checkMerged(merged: readonly InboxMessage[]): void {
  const expected = HELD + POLL - STATUS_CHANGES;
  if (merged.length !== expected) throw new Error(`merge kept ${merged.length} messages, not ${expected}`);
  merged.forEach((held, i) => {
    if (held.seq !== i + 1) throw new Error(`message ${i} has seq ${held.seq}: out of order, or a pending one left over`);
  });
  const changed = changedSeqs.filter((seq) => merged[seq - 1].status !== 'delivered');
  if (changed.length > 0) throw new Error(`status changes lost at seq ${changed.join(', ')}`);
  for (let i = 0; i < PENDING; i += 1) {
    const stored = merged[HELD + i];
    if (stored.clientId !== pendingKey(i) || stored.status !== 'sent') throw new Error(`pending message ${i} was not replaced by its stored copy`);
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

interface Timing {
  p50: number;
  p95: number;
  max: number;
}

/** Times `run` on what `prepare` answers each time; `prepare` itself is not timed. */
function measurePrepared<T>(prepare: () => T, run: (prepared: T) => void): Timing {
  for (let i = 0; i < WARM_UP_RUNS; i += 1) run(prepare());
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const prepared = prepare();
    const start = performance.now();
    run(prepared);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1] };
}

const measure = (run: () => void): Timing => measurePrepared(() => undefined, run);

const ms = (value: number) => `${value.toFixed(2)} ms`;

/** The poll merged as the store runs it: RTK Query's `merge` producer inside the store reducer's producer. */
function mergeInStore(store: { entry: MessagesCache }, polled: readonly Message[], cursor: number): { entry: MessagesCache } {
  return createNextState(store, (state) => {
    state.entry = createNextState(state.entry, (draft) => mergePolled(draft, polled, cursor));
  });
}

/**
 * The inbox's hot path on a long conversation: a 2 s poll answering 50 messages merged into a messages
 * entry of 10,000, in an Immer producer on a deeply frozen base as RTK Query's `merge` runs it (alone,
 * and inside a producer for the store's reducer, as the store runs it). The entry keeps its messages in
 * segments, so the merge rebuilds the few it touches; beside it is what one entity state of 10,000
 * messages paid at least for any write (one copy of its entities object), the worst poll for segments
 * (50 status changes in 50 of them), and the ordered list the message list reads after a poll. The
 * message list renders (and groups) only the rows in view, so the merge is what grows with the
 * conversation.
 */
export const inboxMergeBench: BenchSuite = {
  name: SUITE,
  async run(): Promise<BenchRow[]> {
    // Frozen, as the store holds it: only what a merge changes is copied and frozen again.
    const base = freeze(heldCache(), true);
    const polled = pollAnswer();
    const cursor = HELD + POLL;

    let merged = base;
    // Other processes on a shared machine stretch the slowest runs: how busy it was tells p95 apart.
    const busy = startBusyMeter();
    const merge = measure(() => {
      merged = createNextState(base, (draft) => mergePolled(draft, polled, cursor));
    });
    const machineBusy = busy();
    checkMerged(orderedMessages(merged));

    const store = freeze({ entry: base }, true);
    let storeMerged = store;
    const inStore = measure(() => {
      storeMerged = mergeInStore(store, polled, cursor);
    });
    checkMerged(orderedMessages(storeMerged.entry));

    const spread = spreadStatusPoll();
    let spreadMerged = base;
    const spreadMerge = measure(() => {
      spreadMerged = createNextState(base, (draft) => mergePolled(draft, spread, cursor));
    });
    const lost = spread.filter((change) => orderedMessages(spreadMerged)[change.seq - 1].status !== 'read');
    if (lost.length > 0) throw new Error(`${lost.length} status changes lost`);

    const empty = measure(() => {
      if (createNextState(base, (draft) => mergePolled(draft, [], HELD)) !== base) throw new Error('an empty poll changed the entry');
    });
    // What the message list asks for after a poll: the segments the poll did not touch are listed already.
    const listing = measurePrepared(
      () => createNextState(base, (draft) => mergePolled(draft, polled, cursor)),
      (next) => orderedMessages(next),
    );
    const flatEntities = freeze(Object.fromEntries(orderedMessages(base).map((held) => [messageKey(held), held])));
    const flatCopy = measure(() => {
      const copy: Record<string, InboxMessage> = { ...flatEntities };
      if (copy[pendingKey(0)] === undefined) throw new Error('copy lost an entity');
    });

    const segments = base.segments.order.length;
    process.stderr.write(
      `inbox-merge: merge ${POLL} into ${HELD} (${segments} segments): p50 ${ms(merge.p50)}, p95 ${ms(merge.p95)}, max ${ms(merge.max)}; ` +
        `in the store p50 ${ms(inStore.p50)}, p95 ${ms(inStore.p95)}; flat copy p50 ${ms(flatCopy.p50)}\n`,
    );
    return [
      { suite: SUITE, metric: `merge a ${POLL}-message poll into ${HELD} (p50)`, value: ms(merge.p50), target: TARGET },
      { suite: SUITE, metric: `merge a ${POLL}-message poll into ${HELD} (p95)`, value: ms(merge.p95), target: TARGET },
      { suite: SUITE, metric: `merge a ${POLL}-message poll into ${HELD} (max)`, value: ms(merge.max) },
      {
        suite: SUITE,
        metric: 'machine busy during those merges (the bench keeps one CPU busy)',
        value: machineBusy === null ? 'unknown' : `${Math.round(machineBusy * 100)}% of ${os.cpus().length} CPUs`,
      },
      { suite: SUITE, metric: `the same merge inside the store's reducer (p50)`, value: ms(inStore.p50), target: TARGET },
      { suite: SUITE, metric: `the same merge inside the store's reducer (p95)`, value: ms(inStore.p95), target: TARGET },
      { suite: SUITE, metric: `segments holding the ${HELD} (up to ${SEGMENT_SIZE} each)`, value: String(segments) },
      { suite: SUITE, metric: `merge ${POLL} status changes in ${POLL} segments (p50)`, value: ms(spreadMerge.p50) },
      { suite: SUITE, metric: `merge ${POLL} status changes in ${POLL} segments (p95)`, value: ms(spreadMerge.p95) },
      { suite: SUITE, metric: `empty poll on ${HELD} (p50)`, value: ms(empty.p50) },
      { suite: SUITE, metric: `list the ${HELD + POLL - STATUS_CHANGES} in order after a poll (p50)`, value: ms(listing.p50) },
      { suite: SUITE, metric: `one state of ${HELD}: copy its entities object once (p50)`, value: ms(flatCopy.p50) },
      { suite: SUITE, metric: 'merge ÷ that copy (p50)', value: `${(merge.p50 / flatCopy.p50).toFixed(2)}×` },
    ];
  },
};
