import { useEffect } from 'react';
import type { Conversation } from '@shared/api/conversations';
import { useMarkConversationReadMutation } from '../conversations-api';

/**
 * An open conversation with unread messages is marked read: when it opens, and again when new customer
 * messages arrive while it is open (the poll refreshes its unread count).
 */
export function useMarkRead(conversation: Conversation | undefined): void {
  const [markRead] = useMarkConversationReadMutation();
  const conversationId = conversation?.id;
  const unread = (conversation?.unreadCount ?? 0) > 0;
  useEffect(() => {
    if (conversationId && unread) void markRead(conversationId);
  }, [conversationId, unread, markRead]);
}
