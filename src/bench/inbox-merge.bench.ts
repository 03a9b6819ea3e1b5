import { performance } from 'node:perf_hooks';
import { createNextState, freeze } from '@reduxjs/toolkit';
import { NO_MEDIA, type Message } from '@shared/api/conversations';
import { cacheFromPage, mergePolled, messagesAdapter, type InboxMessage, type MessagesCache } from '../client/features/conversations/state/message-cache';
import type { BenchRow, BenchSuite } from './run';

const SUITE = 'inbox-merge';
const HELD = 10_000;
const POLL = 50;
/** Of the poll's messages, how many are status changes of held ones; the rest are new. */
const STATUS_CHANGES = 10;
/** Optimistic messages waiting for their stored copy, which the poll brings. */
const PENDING = 5;
const WARM_UP_RUNS = 20;
const RUNS = 200;
const TARGET = '< 2 ms';

const T0 = Date.UTC(2026, 2, 1);

function message(seq: number, overrides: Partial<Message> = {}): Message {
  const at = new Date(T0 + seq * 30_000).toISOString();
  return {
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
  };
}

/** 10,000 stored messages and a few optimistic ones, as the messages cache entry holds them. */
function heldCache(): MessagesCache {
  const page = { data: Array.from({ length: HELD }, (_, i) => message(i + 1)), hasMore: true, cursor: HELD };
  const pending: InboxMessage[] = Array.from({ length: PENDING }, (_, i) => ({
    ...message(HELD + i + 1, { clientId: `pending-${i}`, direction: 'outbound', status: 'sending' }),
    id: `pending-${i}`,
    seq: null,
  }));
  return messagesAdapter.addMany(cacheFromPage(page), pending);
}

/** A poll of 50: status changes spread over the held history, the stored copies of the pending ones, and new messages. */
function pollAnswer(): Message[] {
  const changes = Array.from({ length: STATUS_CHANGES }, (_, i) => message(HELD - i * 997, { status: 'delivered' }));
  const stored = Array.from({ length: PENDING }, (_, i) => message(HELD + i + 1, { clientId: `pending-${i}`, direction: 'outbound' }));
  const fresh = Array.from({ length: POLL - STATUS_CHANGES - PENDING }, (_, i) => message(HELD + PENDING + i + 1));
  return [...changes, ...stored, ...fresh];
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function measure(run: () => void): { p50: number; p95: number; max: number } {
  for (let i = 0; i < WARM_UP_RUNS; i += 1) run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times[times.length - 1] };
}

const ms = (value: number) => `${value.toFixed(2)} ms`;

/**
 * The inbox's hot path on a long conversation: a 2 s poll answering 50 messages merged into a messages
 * entry of 10,000 (entity adapter upsert and re-sort, in an Immer producer as RTK Query's `merge` runs
 * it). The message list renders (and groups) only the rows in view, so the merge is what grows with the
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

    const merge = measure(() => {
      merged = createNextState(base, (draft) => mergePolled(draft, polled, cursor));
    });
    if (merged.ids.length !== HELD + POLL - STATUS_CHANGES) throw new Error(`merge kept ${merged.ids.length} messages`);
    const empty = measure(() => {
      createNextState(base, (draft) => mergePolled(draft, [], HELD));
    });
    // The floor of any change to a normalized entry this size: Immer copies the 10,000-key entities
    // object once per producer that writes to it.
    const floor = measure(() => {
      const copy: Record<string, InboxMessage> = { ...base.entities };
      if (copy[base.ids[0]] === undefined) throw new Error('copy lost an entity');
    });

    process.stderr.write(
      `inbox-merge: merge ${POLL} into ${HELD}: p50 ${ms(merge.p50)}, p95 ${ms(merge.p95)}; empty poll p50 ${ms(empty.p50)}\n`,
    );
    return [
      { suite: SUITE, metric: `merge a ${POLL}-message poll into ${HELD} (p50)`, value: ms(merge.p50), target: TARGET },
      { suite: SUITE, metric: `merge a ${POLL}-message poll into ${HELD} (p95)`, value: ms(merge.p95), target: TARGET },
      { suite: SUITE, metric: `merge a ${POLL}-message poll into ${HELD} (max)`, value: ms(merge.max) },
      { suite: SUITE, metric: `empty poll on ${HELD} (p50)`, value: ms(empty.p50) },
      { suite: SUITE, metric: `floor: copy the ${HELD}-key entities object once (p50)`, value: ms(floor.p50) },
      { suite: SUITE, metric: 'merge ÷ floor (p50)', value: `${(merge.p50 / floor.p50).toFixed(1)}×` },
    ];
  },
};
