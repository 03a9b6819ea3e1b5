import { createNextState } from '@reduxjs/toolkit';
import type { Message } from '@shared/api/conversations';
import { cacheFromPage, mergeMessages, mergePolled, messageSelectors, messagesAdapter, oldestSeq, type InboxMessage, type MessagesCache } from './message-cache';

// The merges mutate a draft, as RTK Query's merge and updateQueryData hand them one.
const merged = (cache: MessagesCache, recipe: (draft: MessagesCache) => void) => createNextState(cache, recipe);

function stored(seq: number, overrides: Partial<Message> = {}): Message {
  const at = new Date(Date.UTC(2026, 2, 20, 12, 0, seq)).toISOString();
  return {
    id: `m-${seq}`, clientId: null, contactId: 'c', conversationId: 'v', seq, content: `message ${seq}`, direction: 'inbound', messageType: 'text',
    status: 'delivered', errorCode: null, errorMessage: null, sentAt: at, createdAt: at, mediaId: null, mediaUrl: null, mediaType: null,
    mediaSize: null, mediaDuration: null, mediaFileName: null, ...overrides,
  };
}

function optimistic(clientId: string, createdAt: string): InboxMessage {
  return { ...stored(0), id: clientId, clientId, seq: null, direction: 'outbound', status: 'sending', createdAt, sentAt: createdAt };
}

describe('message cache', () => {
  it('orders by seq, optimistic messages last in the order they were written', () => {
    const cache = messagesAdapter.addMany(cacheFromPage({ data: [stored(3), stored(1), stored(2)], hasMore: true, cursor: 3 }), [
      optimistic('b', '2026-03-20T12:10:01.000Z'),
      optimistic('a', '2026-03-20T12:10:00.000Z'),
    ]);
    expect(cache.ids).toEqual(['m-1', 'm-2', 'm-3', 'a', 'b']);
    expect(oldestSeq(cache)).toBe(1);
  });

  it('replaces the optimistic message by the stored one of the same clientId: one entity, in its place', () => {
    const pending = messagesAdapter.addOne(cacheFromPage({ data: [stored(1)], hasMore: false, cursor: 1 }), optimistic('client-1', '2026-03-20T12:10:00.000Z'));
    const cache = merged(pending, (draft) => mergeMessages(draft, [stored(2, { id: 'm-2', clientId: 'client-1', direction: 'outbound', status: 'sent' })]));
    expect(cache.ids).toEqual(['m-1', 'client-1']);
    expect(messageSelectors.selectById(cache, 'client-1')).toMatchObject({ id: 'm-2', seq: 2, status: 'sent' });
  });

  it('never moves a stored status back down: a late send answer does not undo a delivery', () => {
    const delivered = cacheFromPage({ data: [stored(1, { clientId: 'x', direction: 'outbound', status: 'delivered' })], hasMore: false, cursor: 1 });
    const late = merged(delivered, (draft) => mergeMessages(draft, [stored(1, { clientId: 'x', direction: 'outbound', status: 'sent' })]));
    expect(late.entities.x.status).toBe('delivered');
    const read = merged(late, (draft) => mergeMessages(draft, [stored(1, { clientId: 'x', direction: 'outbound', status: 'read' })]));
    expect(read.entities.x.status).toBe('read');
  });

  it('takes in what a poll brings from the loaded history on, and the cursor', () => {
    const loaded = cacheFromPage({ data: [stored(10), stored(11)], hasMore: true, cursor: 11 });
    const cache = merged(loaded, (draft) => mergePolled(draft, [stored(4, { status: 'read' }), stored(11, { status: 'read' }), stored(12)], 14));
    expect(cache.ids).toEqual(['m-10', 'm-11', 'm-12']);
    expect(cache.entities['m-11'].status).toBe('read');
    expect(cache.cursor).toBe(14);
  });
});

describe('mergeMessages', () => {
  it('orders exactly as the adapter would, whatever arrives', () => {
    // A deterministic shuffle of updates, new messages, optimistic replacements and repeats.
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    for (let round = 0; round < 20; round += 1) {
      const held = Array.from({ length: 40 }, (_, i) => stored(i * 3 + 1, { clientId: i % 4 === 0 ? `k-${i}` : null }));
      const pending = Array.from({ length: 3 }, (_, i) => optimistic(`p-${round}-${i}`, new Date(Date.UTC(2026, 2, 21, 0, i)).toISOString()));
      const start = messagesAdapter.addMany(cacheFromPage({ data: held, hasMore: false, cursor: 120 }), pending);
      const incoming: InboxMessage[] = [];
      for (let i = 0; i < 15; i += 1) {
        const pick = random();
        if (pick < 0.3) incoming.push({ ...held[Math.floor(random() * held.length)], status: 'read' });
        else if (pick < 0.5) incoming.push(stored(Math.floor(random() * 150), { clientId: `k-new-${round}-${i}` }));
        else if (pick < 0.7) incoming.push(stored(200 + i, { clientId: pending[i % 3].clientId }));
        else incoming.push(stored(121 + Math.floor(random() * 40)));
      }
      const ours = merged(start, (draft) => mergeMessages(draft, incoming));
      const adapters = messagesAdapter.upsertMany(start, incoming);
      expect(ours.ids).toEqual(adapters.ids);
      expect(Object.keys(ours.entities).sort()).toEqual(Object.keys(adapters.entities).sort());
    }
  });

  it('changes nothing, not even the reference, when a poll repeats what is held', () => {
    const cache = cacheFromPage({ data: [stored(1), stored(2)], hasMore: false, cursor: 2 });
    expect(merged(cache, (draft) => mergeMessages(draft, [stored(1), stored(2)]))).toBe(cache);
  });
});
