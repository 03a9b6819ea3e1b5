import type { Permission } from './catalogue';

/**
 * Who may move a conversation on, used by the routes and the screens alike:
 * - chats:assign assigns and unassigns anyone; chats:respond lets a member take an unassigned
 *   conversation for themselves ("Assign to me").
 * - chats:manage changes any conversation's status; chats:respond changes the status of conversations
 *   assigned to the member. A resolved conversation may be reopened.
 */

export const TAKE_ONLY_FOR_YOURSELF = 'You can only take an unassigned conversation for yourself';
export const STATUS_ONLY_OF_YOURS = 'You can change the status only of conversations assigned to you';

export interface ConversationMember {
  userId: string;
  permissions: readonly Permission[];
}

/** Whether the member may assign the conversation (assigned to `currentAssignee`) to `assignee`. */
export function mayAssign(member: ConversationMember, currentAssignee: string | null, assignee: string): boolean {
  if (member.permissions.includes('chats:assign')) return true;
  return member.permissions.includes('chats:respond') && assignee === member.userId && (currentAssignee === null || currentAssignee === member.userId);
}

/** Whether the member may change the status of a conversation assigned to `assignee`. */
export function mayChangeStatus(member: ConversationMember, assignee: string | null): boolean {
  if (member.permissions.includes('chats:manage')) return true;
  return member.permissions.includes('chats:respond') && assignee === member.userId;
}

/**
 * Whether the member can see a conversation assigned to `assignee`: the inbox's rule (every one with
 * chats:view_all, else their own and the unassigned ones). Who can be @mentioned in its thread notes.
 */
export function maySeeConversation(member: ConversationMember, assignee: string | null): boolean {
  if (!member.permissions.includes('chats:view')) return false;
  return member.permissions.includes('chats:view_all') || assignee === null || assignee === member.userId;
}
