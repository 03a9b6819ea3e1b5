import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import { useEffect } from 'react';
import { API_BASE_URL } from '@client/api/base-query';
import type { ClientServices, EventStream } from '@client/api/client-services';
import { useAppDispatch } from '@client/app/hooks';
import { useSession } from '@client/session/use-session';
import type { LiveNudge } from '@shared/api/live';
import { mentioned, nudgesArrived, streamDropped, streamOpened } from './live-slice';
import { openSharedEventStream } from './shared-event-stream';

/** Nudges are passed on in batches, at most one a second: a burst of messages costs one refetch. */
export const NUDGE_BATCH_MS = 1_000;

/** The browser's one stream, shared by the member's tabs (per user: the lock and channel are named after them); a tab's own where tabs cannot share. */
const openStream = (url: string, userId: string): ThunkAction<EventStream, unknown, ClientServices, UnknownAction> => (_dispatch, _getState, services) =>
  services.tabSharing
    ? openSharedEventStream(services.tabSharing, `parley-live:${userId}`, () => services.openEventStream(url))
    : services.openEventStream(url);

/** A nudge's conversation and kind, or null when the data is not a nudge. */
function nudgeOf(data: string): Pick<LiveNudge, 'conversationId' | 'kind'> | null {
  try {
    const nudge = JSON.parse(data) as Partial<LiveNudge>;
    return typeof nudge.conversationId === 'string' ? { conversationId: nudge.conversationId, kind: nudge.kind ?? 'conversation' } : null;
  } catch {
    return null;
  }
}

/**
 * Keeps the member's live stream (GET /api/events) open while the inbox is: its nudges become the
 * live slice's pulses, which run the list's refresh and the open chat's poll (the one data path), in
 * batches of at most one a second. EventSource reconnects by itself; after a drop the first open
 * refetches everything once, since nudges missed meanwhile are not replayed. Signing out closes the
 * stream and gives up the tabs' lock.
 */
export function useLiveStream(): void {
  const dispatch = useAppDispatch();
  const userId = useSession().user?.userId;
  useEffect(() => {
    if (!userId) return;
    const stream = dispatch(openStream(`${API_BASE_URL}/events`, userId));
    let dropped = false;
    let pending = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | null = null;
    let lastBatchAt = 0;
    const flush = () => {
      timer = null;
      lastBatchAt = Date.now();
      const ids = [...pending];
      pending = new Set();
      dispatch(nudgesArrived(ids));
    };
    stream.addEventListener('open', () => {
      dispatch(streamOpened({ reconnected: dropped }));
      dropped = false;
    });
    stream.addEventListener('error', () => {
      dropped = true;
      dispatch(streamDropped());
    });
    stream.addEventListener('nudge', (event) => {
      const nudge = nudgeOf(event.data);
      if (nudge) pending.add(nudge.conversationId);
      // A mention is the member's own news (a sound, a notification): told at once, not batched.
      if (nudge?.kind === 'mention') dispatch(mentioned([nudge.conversationId]));
      timer ??= setTimeout(flush, Math.max(0, lastBatchAt + NUDGE_BATCH_MS - Date.now()));
    });
    return () => {
      if (timer) clearTimeout(timer);
      stream.close();
      dispatch(streamDropped());
    };
  }, [dispatch, userId]);
}
