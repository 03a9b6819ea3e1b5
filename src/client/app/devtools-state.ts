import { orderedMessages, type MessagesCache } from '@client/features/conversations/state/message-cache';

interface QueryEntry {
  endpointName?: string;
  data?: unknown;
}

/**
 * What Redux DevTools shows of the state: each conversation's messages as one list in the order shown
 * (`data.messages`), instead of the segments the cache entry keeps them in for fast merges
 * (`data.segments.byId.s0…sN.entities`, `data.pending`). Everything else is shown as it is; the store
 * itself is not touched.
 */
export function readableState<S>(state: S): S {
  const root = state as { api?: { queries?: Record<string, QueryEntry | undefined> } };
  const queries = root.api?.queries;
  if (!queries) return state;
  const readable: Record<string, unknown> = { ...queries };
  for (const [key, entry] of Object.entries(queries)) {
    if (entry?.endpointName !== 'getMessages' || entry.data === undefined) continue;
    const cache = entry.data as MessagesCache;
    readable[key] = { ...entry, data: { messages: orderedMessages(cache), cursor: cache.cursor, hasMore: cache.hasMore } };
  }
  return { ...root, api: { ...root.api, queries: readable } } as S;
}
