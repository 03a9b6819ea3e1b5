import type { Conversation } from '@shared/api/conversations';

/** What a list showed when last looked at: each conversation's unread count, and its newest activity. */
export interface ListSnapshot {
  unread: ReadonlyMap<string, number>;
  newestActivity: string;
}

const activityOf = (conversation: Conversation) => conversation.lastMessageAt ?? conversation.createdAt;

export function snapshotOf(conversations: readonly Conversation[]): ListSnapshot {
  let newestActivity = '';
  for (const conversation of conversations) if (activityOf(conversation) > newestActivity) newestActivity = activityOf(conversation);
  return { unread: new Map(conversations.map((conversation) => [conversation.id, conversation.unreadCount])), newestActivity };
}

/**
 * The conversations a refreshed list shows a new inbound message in: one whose unread count rose, or one
 * the list did not hold that comes with unread messages newer than anything it held (a new customer, or
 * one that moved in). The member's own sends raise no unread count, and Load More brings older
 * conversations, not newer ones, so neither counts.
 */
export function arrivalsSince(previous: ListSnapshot, conversations: readonly Conversation[]): Conversation[] {
  return conversations.filter((conversation) => {
    const before = previous.unread.get(conversation.id);
    if (before !== undefined) return conversation.unreadCount > before;
    return conversation.unreadCount > 0 && activityOf(conversation) > previous.newestActivity;
  });
}

/** Whom a new message concerns: the conversation's assignee, or everyone who sees it while it is unassigned. */
export function concernsMember(conversation: Conversation, userId: string): boolean {
  return conversation.assignedToId === null || conversation.assignedToId === userId;
}
