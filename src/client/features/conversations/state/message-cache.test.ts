import { createEntityAdapter, createNextState } from '@reduxjs/toolkit';
import type { Message } from '@shared/api/conversations';
import { messageKey, type InboxMessage, type OptimisticMessage } from './inbox-message';
import {
  addOptimisticMessage,
  cacheFromPage,
  messageByKey,
  oldestSortKey,
  orderedMessages,
  updateMessageStatus,
  type MessagesCache,
} from './message-cache';
import { mergeMessages, mergePolled } from './message-merge';
import { SEGMENT_SIZE } from './message-segments';
import { segmentsInOrder } from './segment-list';
import { withSortKey } from '../testing/sort-key';

// The merges mutate a draft, as RTK Query's merge and updateQueryData hand them one.
const merged = (cache: MessagesCache, recipe: (draft: MessagesCache) => void) => createNextState(cache, recipe);

function stored(seq: number, overrides: Partial<Message> = {}): Message {
  const at = new Date(Date.UTC(2026, 2, 20, 12, 0, seq)).toISOString();
  return withSortKey({
    id: `m-${seq}`, clientId: null, contactId: 'c', conversationId: 'v', seq, content: `message ${seq}`, direction: 'inbound', messageType: 'text',
    status: 'delivered', errorCode: null, errorMessage: null, sentAt: at, createdAt: at, mediaId: null, mediaUrl: null, mediaType: null,
    mediaSize: null, mediaDuration: null, mediaFileName: null, ...overrides,
  });
}

function optimistic(clientId: string, createdAt: string): OptimisticMessage {
  return { ...stored(0), id: clientId, clientId, seq: null, sortKey: null, direction: 'outbound', status: 'sending', createdAt, sentAt: createdAt };
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const loaded = (seqs: number[], hasMore = false) => cacheFromPage({ data: seqs.map((seq) => stored(seq)), hasMore, cursor: Math.max(0, ...seqs) });
const withPending = (cache: MessagesCache, ...messages: OptimisticMessage[]) =>
  merged(cache, (draft) => messages.forEach((message) => addOptimisticMessage(draft, message)));
const keys = (cache: MessagesCache) => orderedMessages(cache).map(messageKey);

describe('message cache', () => {
  it('orders by seq, optimistic messages last in the order they were written', () => {
    const cache = withPending(loaded([3, 1, 2], true), optimistic('b', '2026-03-20T12:10:01.000Z'), optimistic('a', '2026-03-20T12:10:00.000Z'));
    expect(keys(cache)).toEqual(['m-1', 'm-2', 'm-3', 'a', 'b']);
    expect(oldestSortKey(cache)).toBe(stored(1).sortKey);
  });

  it('replaces the optimistic message by the stored one of the same clientId: one entity, in its place', () => {
    const pending = withPending(loaded([1]), optimistic('client-1', '2026-03-20T12:10:00.000Z'));
    const cache = merged(pending, (draft) => mergeMessages(draft, [stored(2, { clientId: 'client-1', direction: 'outbound', status: 'sent' })]));
    expect(keys(cache)).toEqual(['m-1', 'client-1']);
    expect(messageByKey(cache, 'client-1')).toMatchObject({ id: 'm-2', seq: 2, status: 'sent' });
    // Stored now: a message written later still comes after it.
    const later = withPending(cache, optimistic('client-2', '2026-03-20T12:11:00.000Z'));
    expect(keys(later)).toEqual(['m-1', 'client-1', 'client-2']);
  });

  it('never moves a stored status back down: a late send answer does not undo a delivery', () => {
    const delivered = cacheFromPage({ data: [stored(1, { clientId: 'x', direction: 'outbound', status: 'delivered' })], hasMore: false, cursor: 1 });
    const late = merged(delivered, (draft) => mergeMessages(draft, [stored(1, { clientId: 'x', direction: 'outbound', status: 'sent' })]));
    expect(messageByKey(late, 'x')?.status).toBe('delivered');
    const read = merged(late, (draft) => mergeMessages(draft, [stored(1, { clientId: 'x', direction: 'outbound', status: 'read' })]));
    expect(messageByKey(read, 'x')?.status).toBe('read');
  });

  it('takes in what a poll brings from the loaded history on, and the cursor', () => {
    const cache = merged(loaded([10, 11], true), (draft) => mergePolled(draft, [stored(4, { status: 'read' }), stored(11, { status: 'read' }), stored(12)], 14));
    expect(keys(cache)).toEqual(['m-10', 'm-11', 'm-12']);
    expect(messageByKey(cache, 'm-11')?.status).toBe('read');
    expect(cache.cursor).toBe(14);
  });

  it('stores the first message of a conversation that had none', () => {
    const empty = cacheFromPage({ data: [], hasMore: false, cursor: 0 });
    expect(oldestSortKey(empty)).toBeNull();
    const cache = merged(empty, (draft) => mergePolled(draft, [stored(1)], 1));
    expect(keys(cache)).toEqual(['m-1']);
    expect(oldestSortKey(cache)).toBe(stored(1).sortKey);
  });

  it('prepends older history, which the next page continues before', () => {
    const cache = merged(loaded([51, 52, 53], true), (draft) => mergeMessages(draft, range(1, 50).map((seq) => stored(seq))));
    expect(keys(cache)).toEqual(range(1, 53).map((seq) => `m-${seq}`));
    expect(oldestSortKey(cache)).toBe(stored(1).sortKey);
  });

  it("puts a late webhook for an earlier customer message in its place, not at the bottom; an unsent message stays last", () => {
    const cache = withPending(loaded(range(1, 300)), optimistic('unsent', '2026-03-20T13:00:00.000Z'));
    // Stored last (seq 301) but written by the customer between messages 120 and 121.
    const late = stored(301, { sentAt: '2026-03-20T12:02:00.500Z', content: 'Sent before, delivered after' });
    const after = merged(cache, (draft) => mergePolled(draft, [late, stored(302)], 302));
    expect(keys(after)).toEqual([...range(1, 120).map((seq) => `m-${seq}`), 'm-301', ...range(121, 300).map((seq) => `m-${seq}`), 'm-302', 'unsent']);
    // Its stored copy takes the unsent message's place by its creation, before a customer message written after it.
    const sent = stored(303, { clientId: 'unsent', direction: 'outbound', status: 'sent', createdAt: '2026-03-20T12:05:01.000Z' });
    const answered = merged(after, (draft) => mergePolled(draft, [sent, stored(304, { sentAt: '2026-03-20T12:05:01.000Z' })], 304));
    expect(keys(answered).slice(-4)).toEqual(['m-300', 'unsent', 'm-304', 'm-302']);
    expect(answered.pending.ids).toEqual([]);
  });

  it('leaves a late message older than the history loaded to the older pages, and takes it in when the whole history is held', () => {
    const late = stored(60, { sentAt: '2026-03-20T12:00:05.000Z' });
    const partial = merged(loaded([10, 11], true), (draft) => mergePolled(draft, [late], 60));
    expect(keys(partial)).toEqual(['m-10', 'm-11']);
    expect(partial.cursor).toBe(60);
    const whole = merged(loaded([10, 11], false), (draft) => mergePolled(draft, [late], 60));
    expect(keys(whole)).toEqual(['m-60', 'm-10', 'm-11']);
    expect(oldestSortKey(whole)).toBe(late.sortKey);
  });

  it('changes nothing, not even the reference or the list shown, when a poll is empty or repeats what is held', () => {
    const cache = loaded([1, 2]);
    const shown = orderedMessages(cache);
    const repeated = merged(cache, (draft) => mergePolled(draft, [stored(1), stored(2)], 2));
    const empty = merged(cache, (draft) => mergePolled(draft, [], 2));
    expect(repeated).toBe(cache);
    expect(empty).toBe(cache);
    expect(orderedMessages(empty)).toBe(shown);
  });

  it('sets the status the sender knows on a pending message and on a stored one alike', () => {
    const cache = withPending(loaded(range(1, 300)), optimistic('p', '2026-03-20T13:00:00.000Z'));
    const failed = merged(cache, (draft) => {
      updateMessageStatus(draft, 'p', { status: 'failed', errorMessage: 'No connection' });
      updateMessageStatus(draft, 'm-3', { status: 'failed', errorMessage: 'Refused' });
    });
    expect(messageByKey(failed, 'p')).toMatchObject({ status: 'failed', errorMessage: 'No connection', seq: null });
    expect(messageByKey(failed, 'm-3')).toMatchObject({ status: 'failed', errorMessage: 'Refused', seq: 3 });
    expect(keys(failed)).toEqual(keys(cache));
  });
});

describe('segments of a long conversation', () => {
  /**
   * Each segment holds at most SEGMENT_SIZE messages and none is empty; a split leaves halves, so apart
   * from the oldest and the newest no segment is under half full and there are not many more than needed.
   */
  function expectSmallSegments(cache: MessagesCache) {
    const sizes = segmentsInOrder(cache.segments).map((segment) => segment.ids.length);
    const total = sizes.reduce((sum, size) => sum + size, 0);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(SEGMENT_SIZE);
    expect(Math.min(...sizes)).toBeGreaterThan(0);
    expect(sizes.length).toBeLessThanOrEqual(Math.ceil((2 * total) / SEGMENT_SIZE) + 2);
  }

  it('stay small and in order however the conversation grows, by polls and by older history', () => {
    let cache = loaded(range(2001, 2050), true);
    for (let poll = 0; poll < 60; poll += 1) {
      const next = 2051 + poll * 10;
      cache = merged(cache, (draft) => mergePolled(draft, range(next, next + 9).map((seq) => stored(seq)), next + 9));
      expectSmallSegments(cache);
    }
    for (let page = 0; page < 40; page += 1) {
      const before = orderedMessages(cache)[0].seq!;
      cache = merged(cache, (draft) => mergeMessages(draft, range(before - 50, before - 1).map((seq) => stored(seq))));
      expectSmallSegments(cache);
    }
    expect(orderedMessages(cache).map((message) => message.seq)).toEqual(range(1, 2650));
  });

  it('take a status change in an old segment, copying only the segments the poll touched', () => {
    const cache = loaded(range(1, 1000), true);
    const after = merged(cache, (draft) => mergePolled(draft, [stored(5, { status: 'read' }), stored(1001)], 1001));
    expect(messageByKey(after, 'm-5')?.status).toBe('read');
    expect(keys(after)).toEqual(range(1, 1001).map((seq) => `m-${seq}`));
    const [oldest, ...others] = cache.segments.order;
    const untouched = others.slice(0, -1);
    expect(untouched.length).toBeGreaterThan(0);
    untouched.forEach((id) => expect(after.segments.byId[id]).toBe(cache.segments.byId[id]));
    expect(after.segments.byId[oldest]).not.toBe(cache.segments.byId[oldest]);
  });

  it('take older history in new segments before the oldest, leaving every other segment as it was', () => {
    const cache = loaded(range(1001, 1000 + SEGMENT_SIZE * 4), true);
    const after = merged(cache, (draft) => mergeMessages(draft, range(1, 1000).map((seq) => stored(seq))));
    expect(orderedMessages(after).map((message) => message.seq)).toEqual(range(1, 1000 + SEGMENT_SIZE * 4));
    // Only the oldest held segment took messages: the others keep their ids and contents, last in the order.
    const others = cache.segments.order.slice(1);
    expect(after.segments.order.slice(-others.length)).toEqual(others);
    others.forEach((id) => expect(after.segments.byId[id]).toBe(cache.segments.byId[id]));
    expectSmallSegments(after);
  });

  it('merge inside a producer of a producer, as RTK Query runs merge in the store, leaving no draft behind', () => {
    const state = { entry: withPending(loaded(range(1, 300), true), optimistic('p', '2026-03-20T13:00:00.000Z')) };
    const poll = [stored(7, { status: 'read' }), stored(301, { clientId: 'p', direction: 'outbound', status: 'sent' })];
    const after = createNextState(state, (outer) => {
      outer.entry = createNextState(outer.entry, (draft) => mergePolled(draft, poll, 301));
    });
    expect(messageByKey(after.entry, 'm-7')?.status).toBe('read');
    expect(keys(after.entry).slice(-2)).toEqual(['m-300', 'p']);
    // Reads every value of the entry: a draft left inside would throw, its producer being over.
    expect(() => JSON.stringify(after.entry)).not.toThrow();
  });

  it('hold the stored copy of an optimistic message once, in order, wherever its sort key falls', () => {
    const pending = withPending(loaded(range(1, 400).map((seq) => seq * 2)), optimistic('late', '2026-03-20T13:00:00.000Z'));
    // Stored while older messages were still arriving: its seq falls inside the held history.
    const cache = merged(pending, (draft) => mergeMessages(draft, [stored(301, { clientId: 'late', direction: 'outbound', status: 'sent' })]));
    const seqs = orderedMessages(cache).map((message) => message.seq);
    expect(seqs).toEqual([...range(1, 150).map((seq) => seq * 2), 301, ...range(151, 400).map((seq) => seq * 2)]);
    expect(keys(cache).filter((key) => key === 'late')).toHaveLength(1);
    expect(cache.pending.ids).toEqual([]);
  });
});

describe('mergeMessages', () => {
  // What one entity adapter over every message, upserting whatever arrives, would hold: the same order
  // (stored by sort key, optimistic last as written) and one entity per key.
  const compareMessages = (a: InboxMessage, b: InboxMessage) => {
    if (a.sortKey !== null && b.sortKey !== null) return a.sortKey.localeCompare(b.sortKey);
    if (a.sortKey !== null) return -1;
    if (b.sortKey !== null) return 1;
    return a.createdAt.localeCompare(b.createdAt);
  };
  const reference = createEntityAdapter<InboxMessage, string>({ selectId: messageKey, sortComparer: compareMessages });

  it('orders exactly as one entity adapter would, whatever arrives, across segments', () => {
    // A deterministic shuffle of status changes, new messages (some with a held seq), optimistic
    // replacements and repeats, over a history of several segments.
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const heldCount = SEGMENT_SIZE * 3 + 17;
    const newest = heldCount * 3;
    for (let round = 0; round < 20; round += 1) {
      const held = range(0, heldCount - 1).map((i) => stored(i * 3 + 1, { clientId: i % 4 === 0 ? `k-${i}` : null }));
      const pending = range(0, 2).map((i) => optimistic(`p-${round}-${i}`, new Date(Date.UTC(2026, 2, 21, 0, i)).toISOString()));
      const start = withPending(cacheFromPage({ data: held, hasMore: false, cursor: newest }), ...pending);
      const incoming: Message[] = [];
      for (let i = 0; i < 40; i += 1) {
        const pick = random();
        if (pick < 0.3) incoming.push({ ...held[Math.floor(random() * held.length)], status: 'read' });
        else if (pick < 0.5) incoming.push(stored(Math.floor(random() * newest), { clientId: `k-new-${round}-${i}` }));
        else if (pick < 0.6) incoming.push(stored(newest + 100 + i, { clientId: pending[i % 3].clientId }));
        else incoming.push(stored(newest + 1 + Math.floor(random() * 40)));
      }
      const ours = merged(start, (draft) => mergeMessages(draft, incoming));
      const flat = reference.upsertMany(reference.setAll(reference.getInitialState(), orderedMessages(start)), incoming);
      expect(orderedMessages(ours)).toEqual(flat.ids.map((id) => flat.entities[id]));
    }
  });
});
