import { useCallback, useEffect, useState } from 'react';
import { unreadCounted } from '@client/app/attention/attention-slice';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import type { Conversation } from '@shared/api/conversations';
import { CONVERSATION_LIST_REFRESH_MS } from '@shared/constants';
import { useGetAssignmentCountsQuery, useGetConversationsQuery, useGetStatusCountsQuery } from '../conversations-api';
import { selectResyncPulse } from '../live/live-slice';
import { useNudgeAnswers } from '../live/use-nudge-answers';
import { usePulse } from '../live/use-pulse';
import { usePolling } from '../polling/use-polling';
import { conversationSelectors, type ConversationListArgs } from '../state/conversation-list-cache';
import { loadMoreConversations } from '../state/conversation-thunks';

const NO_CONVERSATIONS: Conversation[] = [];
/** A failing refresh backs off to every few minutes instead of every 30 s. */
const MAX_REFRESH_MS = 8 * CONVERSATION_LIST_REFRESH_MS;

export type LoadMoreState = 'idle' | 'loading' | 'failed';

/**
 * One list with its counts, refreshed every 30 s while the tab is visible (the live stream's nudges patch
 * it in between), and Load More. `refreshAlso` runs with each refresh (the open conversation's header).
 */
export function useConversationList(args: ConversationListArgs, withAssignmentCounts: boolean, refreshAlso?: () => Promise<boolean>) {
  const dispatch = useAppDispatch();
  const list = useGetConversationsQuery(args, {
    // currentData, not data: after a filter change the previous filter's rows must not stand in for the new ones.
    selectFromResult: ({ currentData, isError, isFetching }) => ({
      conversations: currentData ? conversationSelectors.selectAll(currentData) : NO_CONVERSATIONS,
      hasNext: currentData?.hasNext ?? false,
      loaded: currentData !== undefined,
      isLoading: isFetching && currentData === undefined,
      isError,
    }),
  });
  const statusCounts = useGetStatusCountsQuery(args.filter);
  const unread = statusCounts.data?.unread;
  // The tab title carries the unread total while the inbox is open.
  useEffect(() => {
    if (unread !== undefined) dispatch(unreadCounted(unread));
  }, [dispatch, unread]);
  useEffect(() => () => void dispatch(unreadCounted(0)), [dispatch]);
  const assignmentCounts = useGetAssignmentCountsQuery(args.status, { skip: !withAssignmentCounts });

  const { refetch: refetchList } = list;
  const { refetch: refetchStatusCounts } = statusCounts;
  const { refetch: refetchAssignmentCounts } = assignmentCounts;
  const refresh = useCallback(async () => {
    const results = await Promise.all([
      refetchList(),
      refetchStatusCounts(),
      ...(withAssignmentCounts ? [refetchAssignmentCounts()] : []),
      ...(refreshAlso ? [refreshAlso().then((ok) => ({ isError: !ok }))] : []),
    ]);
    return results.every((result) => !result.isError);
  }, [refetchList, refetchStatusCounts, refetchAssignmentCounts, withAssignmentCounts, refreshAlso]);
  // Our loop, not RTK Query's pollingInterval: that polls each query on its own, at one fixed pace, with no back-off after failures.
  usePolling(refresh, { intervalMs: CONVERSATION_LIST_REFRESH_MS, maxIntervalMs: MAX_REFRESH_MS, enabled: true });
  // A nudge reads only the conversations it names (merged into the lists) and, throttled, the counts.
  const refreshCounts = useCallback((listToo: boolean) => {
    void refetchStatusCounts();
    if (withAssignmentCounts) void refetchAssignmentCounts();
    if (listToo) void refetchList();
  }, [refetchList, refetchStatusCounts, refetchAssignmentCounts, withAssignmentCounts]);
  useNudgeAnswers(refreshCounts);
  // After the stream dropped, nudges missed meanwhile are not replayed: everything is read once.
  usePulse(useAppSelector(selectResyncPulse), () => void refresh());

  // Load More's state belongs to one list: another filter starts idle.
  const key = JSON.stringify(args);
  const [more, setMore] = useState<{ key: string; state: LoadMoreState }>({ key, state: 'idle' });
  const loadMoreState = more.key === key ? more.state : 'idle';
  const loadMore = useCallback(async () => {
    setMore({ key, state: 'loading' });
    const outcome = await dispatch(loadMoreConversations(args));
    setMore({ key, state: loadMoreConversations.rejected.match(outcome) ? 'failed' : 'idle' });
  }, [dispatch, args, key]);

  return {
    ...list,
    statusCounts: statusCounts.data,
    assignmentCounts: withAssignmentCounts ? assignmentCounts.data : undefined,
    loadMore,
    loadMoreState,
  };
}
