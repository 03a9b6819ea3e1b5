import { useEffect, useRef } from 'react';
import { alertServices } from '@client/api/alert-services';
import { useGetMemberPreferencesQuery } from '@client/api/member-preferences-endpoints';
import { useAppDispatch, useAppSelector } from '@client/app/hooks';
import { useSession } from '@client/session/use-session';
import type { Conversation } from '@shared/api/conversations';
import { selectMentionPulse } from '../live/live-slice';
import { usePulse } from '../live/use-pulse';
import { arrivalsSince, concernsMember, snapshotOf, type ListSnapshot } from './inbound-arrivals';
import { mentionNotification, messageNotification, ring } from './ring';
import { joinRingTurns, type RingTurn } from './ring-turn';

export interface NewMessageAlertsOptions {
  /** Names the list shown (its filter and search): a list is compared only with itself. */
  listKey: string;
  conversations: readonly Conversation[];
  loaded: boolean;
  /** The conversation open in this tab: while the tab is in view, its messages are seen as they come. */
  openConversationId: string | undefined;
  /** Opens a conversation: what clicking its notification does. */
  onOpen: (conversation: Conversation) => void;
}

/**
 * A sound and a desktop notification, as the member's switches say, when a refreshed list shows a new
 * inbound message in a conversation assigned to the member or unassigned, and when a note mentions the
 * member (the live stream's mention nudge, told only to them). The list is what the member may see, and
 * the first load of a list (after opening the inbox or changing the filter) never rings. Only the tab
 * whose turn it is rings (ring-turn.ts).
 */
export function useNewMessageAlerts({ listKey, conversations, loaded, openConversationId, onOpen }: NewMessageAlertsOptions): void {
  const dispatch = useAppDispatch();
  const userId = useSession().user?.userId;
  const { data: preferences } = useGetMemberPreferencesQuery();
  const seen = useRef<{ listKey: string; snapshot: ListSnapshot } | null>(null);
  const turn = useRef<RingTurn | null>(null);
  const latest = useRef({ userId, preferences, openConversationId, onOpen });
  useEffect(() => {
    latest.current = { userId, preferences, openConversationId, onOpen };
  });

  useEffect(() => {
    if (!userId) return;
    const joined = joinRingTurns(`parley-ring-turn:${userId}`, dispatch(alertServices));
    turn.current = joined;
    return () => {
      joined.leave();
      turn.current = null;
    };
  }, [dispatch, userId]);

  useEffect(() => {
    if (!loaded) return;
    const previous = seen.current;
    seen.current = { listKey, snapshot: snapshotOf(conversations) };
    if (previous?.listKey !== listKey) return;
    const { userId: me, preferences: switches, openConversationId: openId, onOpen: open } = latest.current;
    if (!me || !switches || !turn.current?.isMine()) return;
    const alerts = dispatch(alertServices);
    const arrivals = arrivalsSince(previous.snapshot, conversations).filter(
      (conversation) => concernsMember(conversation, me) && !(conversation.id === openId && alerts.isTabVisible()),
    );
    ring(alerts, switches, arrivals.map((conversation) => messageNotification(conversation, open)));
  }, [dispatch, listKey, conversations, loaded]);

  const mention = useAppSelector(selectMentionPulse);
  usePulse(mention.pulse, () => {
    if (!preferences || !turn.current?.isMine()) return;
    const shown = (id: string) => conversations.find((conversation) => conversation.id === id);
    ring(dispatch(alertServices), preferences, mention.conversationIds.map((id) => mentionNotification(id, shown(id), onOpen)));
  });
}
