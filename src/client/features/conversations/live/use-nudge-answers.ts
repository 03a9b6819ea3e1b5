import { useEffect, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { useSession } from '@client/session/use-session';
import { CONVERSATION_IDS_MAX } from '@shared/validation/conversations';
import { mergeNudgedConversations } from '../state/conversation-thunks';
import { idBatcher } from './id-batcher';
import { selectLatestNudges } from './live-slice';
import { trailingThrottle } from './trailing-throttle';
import { usePulse } from './use-pulse';
import { NUDGE_BATCH_MS } from './use-live-stream';

/** While nudges keep arriving, the counts are read again at most this often (and once after the last). */
export const COUNTS_REFRESH_MS = 5_000;

/**
 * The list's answer to live nudges. The conversations they name are read alone (GET /conversations?ids=,
 * at most one request a second, never two at once) and merged into every list held, so a nudge costs
 * one small request, not a list refetch. The counts follow, throttled to one refresh every
 * COUNTS_REFRESH_MS; `refreshCounts(listToo)` is asked to refetch the list as well when a search or
 * Mentions list may lack a nudged conversation (only the server can tell).
 */
export function useNudgeAnswers(refreshCounts: (listToo: boolean) => void): void {
  const dispatch = useAppDispatch();
  const userId = useSession().user?.userId;
  const latest = useAppSelector(selectLatestNudges);
  const refresh = useRef(refreshCounts);
  useEffect(() => {
    refresh.current = refreshCounts;
  });
  const answer = useRef<{ add: (ids: readonly string[]) => void } | null>(null);

  useEffect(() => {
    if (!userId) return;
    let listToo = false;
    const counts = trailingThrottle(() => {
      refresh.current(listToo);
      listToo = false;
    }, COUNTS_REFRESH_MS);
    const batches = idBatcher(async (ids) => {
      const outcome = await dispatch(mergeNudgedConversations({ ids, userId }));
      if (mergeNudgedConversations.fulfilled.match(outcome) && outcome.payload) {
        listToo = true;
        counts.call();
      }
    }, NUDGE_BATCH_MS, CONVERSATION_IDS_MAX);
    answer.current = {
      add: (ids) => {
        batches.add(ids);
        counts.call();
      },
    };
    return () => {
      batches.stop();
      counts.stop();
      answer.current = null;
    };
  }, [dispatch, userId]);

  usePulse(latest.pulse, () => answer.current?.add(latest.conversationIds));
}
