import { createNextState } from '@reduxjs/toolkit';
import { conversationsApi } from '@client/features/conversations/conversations-api';
import type { OptimisticMessage } from '@client/features/conversations/state/inbox-message';
import { addOptimisticMessage, cacheFromPage } from '@client/features/conversations/state/message-cache';
import { conversation, message } from '@client/features/conversations/testing/inbox-api';
import { readableState } from './devtools-state';
import { makeStore } from './store';

const seqs = Array.from({ length: 150 }, (_, index) => index + 1);

function stateWithMessages() {
  const held = cacheFromPage({ data: seqs.map((seq) => message('v-1', seq)), cursor: 150, hasMore: true });
  const sending: OptimisticMessage = { ...message('v-1', 0), id: 'c-1', clientId: 'c-1', seq: null, sortKey: null, direction: 'outbound', status: 'sending' };
  const cache = createNextState(held, (draft) => addOptimisticMessage(draft, sending));
  const store = makeStore();
  store.dispatch(
    conversationsApi.util.upsertQueryEntries([
      { endpointName: 'getMessages', arg: 'v-1', value: cache },
      { endpointName: 'getConversation', arg: 'v-1', value: conversation({ id: 'v-1' }) },
    ]),
  );
  return { state: store.getState(), cache };
}

const entryOf = (state: ReturnType<typeof stateWithMessages>['state'], endpointName: string) =>
  Object.values(state.api.queries).find((entry) => entry?.endpointName === endpointName);

describe('readableState (what Redux DevTools shows)', () => {
  it("shows a conversation's segments as one list of messages in the order shown", () => {
    const { state, cache } = stateWithMessages();
    expect(cache.segments.order.length).toBeGreaterThan(1);

    const shown = readableState(state);
    const { data, ...entry } = entryOf(shown, 'getMessages')!;
    const { data: _held, ...heldEntry } = entryOf(state, 'getMessages')!;
    expect(entry).toEqual(heldEntry);
    const readable = data as unknown as { messages: { seq: number | null }[]; cursor: number; hasMore: boolean };
    expect(Object.keys(readable).sort()).toEqual(['cursor', 'hasMore', 'messages']);
    expect(readable.messages.map((shownMessage) => shownMessage.seq)).toEqual([...seqs, null]);
    expect(readable).toMatchObject({ cursor: 150, hasMore: true });
  });

  it('leaves the rest of the state, and the state itself, as they are', () => {
    const { state, cache } = stateWithMessages();
    const shown = readableState(state);
    expect(shown.configError).toBe(state.configError);
    expect(entryOf(shown, 'getConversation')).toBe(entryOf(state, 'getConversation'));
    expect({ ...shown.api, queries: undefined }).toEqual({ ...state.api, queries: undefined });
    expect(entryOf(state, 'getMessages')?.data).toBe(cache);
  });
});
