import { useCallback, useRef, useState } from 'react';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { CONVERSATION_LIST_REFRESH_MS, MESSAGE_POLL_MS } from '@shared/constants';
import { useGetMessagesQuery } from '../conversations-api';
import { selectLatestNudges, selectLiveConnected, selectResyncPulse } from '../live/live-slice';
import { usePulse } from '../live/use-pulse';
import { usePolling } from '../polling/use-polling';
import type { InboxMessage } from '../state/inbox-message';
import { orderedMessages } from '../state/message-cache';
import { loadOlderMessages } from '../state/message-thunks';

const NO_MESSAGES: readonly InboxMessage[] = [];
/** Repeated poll failures back off to one poll every 30 s. */
const MAX_POLL_MS = 30_000;

export type OlderState = 'idle' | 'loading' | 'failed';

/**
 * One conversation's messages: the newest page, then a poll every 2 s while the tab is visible (backing
 * off on errors; every 30 s while the live stream is open, plus one at each nudge naming this
 * conversation), and older history on demand. Re-renders only when the messages themselves change, not
 * on every poll: the ordered list is kept per cache entry, so an unchanged entry answers the same list.
 */
export function useMessages(conversationId: string) {
  const dispatch = useAppDispatch();
  const { messages, hasMore, loaded, isError, refetch } = useGetMessagesQuery(conversationId, {
    selectFromResult: ({ data, isError }) => ({
      messages: data ? orderedMessages(data) : NO_MESSAGES,
      hasMore: data?.hasMore ?? false,
      loaded: data !== undefined,
      isError,
    }),
  });

  // A refetch polls from the cursor the entry holds, and `merge` takes the answer in.
  const poll = useCallback(async () => !(await refetch()).isError, [refetch]);
  // Our loop, not RTK Query's pollingInterval: that polls at one fixed pace and cannot back off after failed polls.
  // While the live stream is open its nudges bring changes at once, and the poll is only the safety net.
  const live = useAppSelector(selectLiveConnected);
  usePolling(poll, { intervalMs: live ? CONVERSATION_LIST_REFRESH_MS : MESSAGE_POLL_MS, maxIntervalMs: MAX_POLL_MS, enabled: true });
  const nudged = useAppSelector((state) => {
    const latest = selectLatestNudges(state);
    return latest.conversationIds.includes(conversationId) ? latest.pulse : 0;
  });
  usePulse(nudged, () => void poll());
  usePulse(useAppSelector(selectResyncPulse), () => void poll());

  const [olderState, setOlderState] = useState<OlderState>('idle');
  const olderInFlight = useRef(false);
  const loadOlder = useCallback(async () => {
    // The top edge fires repeatedly while scrolling: one page at a time.
    if (olderInFlight.current || !hasMore) return;
    olderInFlight.current = true;
    setOlderState('loading');
    const outcome = await dispatch(loadOlderMessages(conversationId));
    olderInFlight.current = false;
    setOlderState(loadOlderMessages.rejected.match(outcome) ? 'failed' : 'idle');
  }, [dispatch, conversationId, hasMore]);

  return { messages, hasMore, loaded, failedToLoad: isError && !loaded, olderState, loadOlder };
}
