import { useCallback, useMemo, useState } from 'react';
import { errorMessage } from '@client/components/error-message';
import { useToast } from '@client/components/toast/use-toast';
import { useSession } from '@client/session/use-session';
import { CONVERSATION_TEXTS, type Conversation, type ConversationStatus } from '@shared/api/conversations';
import { mayAssign, mayChangeStatus, STATUS_ONLY_OF_YOURS, TAKE_ONLY_FOR_YOURSELF } from '@shared/permissions/conversation-actions';
import { useAssignConversationMutation, useUnassignConversationMutation, useUpdateConversationStatusMutation } from '../conversations-api';

export interface ActionFailure {
  conversationId: string;
  text: string;
  /** The server's reason, when it gave one. */
  detail?: string;
}

/**
 * Status changes and (un)assignment of the open conversation, with the inline failure texts. Shared by
 * the header's buttons and the keyboard shortcuts, gated by the same rules as the routes
 * (conversation-actions.ts): chats:assign assigns anyone, chats:respond takes an unassigned
 * conversation for oneself; chats:manage changes any status, chats:respond those of one's own.
 * A shortcut for an action the member may not take says why in a toast.
 */
export function useConversationActions(conversation: Conversation | undefined) {
  const { can, user, permissions } = useSession();
  const toast = useToast();
  const [updateStatus, { isLoading: updatingStatus }] = useUpdateConversationStatusMutation();
  const [assignMutation, { isLoading: assigning }] = useAssignConversationMutation();
  const [unassignMutation, { isLoading: unassigning }] = useUnassignConversationMutation();
  const [failure, setFailure] = useState<ActionFailure | null>(null);
  const member = useMemo(() => (user ? { userId: user.userId, permissions } : null), [user, permissions]);
  const assignee = conversation?.assignedToId ?? null;
  const canManage = member !== null && mayChangeStatus(member, assignee);
  const canAssign = can('chats:assign');
  const canTake = member !== null && assignee === null && mayAssign(member, null, member.userId);

  const run = useCallback(async (conversationId: string, text: string, change: () => Promise<unknown>): Promise<boolean> => {
    setFailure(null);
    try {
      await change();
      return true;
    } catch (error) {
      const detail = errorMessage(error, '');
      setFailure({ conversationId, text, ...(detail && detail !== text && { detail }) });
      return false;
    }
  }, []);

  const setStatus = useCallback(
    (status: ConversationStatus) =>
      conversation && canManage
        ? run(conversation.id, CONVERSATION_TEXTS.statusFailed, () => updateStatus({ conversationId: conversation.id, status }).unwrap())
        : Promise.resolve(false),
    [conversation, canManage, run, updateStatus],
  );

  const markResolved = useCallback(() => {
    if (!conversation || conversation.status === 'resolved') return Promise.resolve(false);
    if (!canManage) {
      toast.info('Cannot resolve this conversation', STATUS_ONLY_OF_YOURS);
      return Promise.resolve(false);
    }
    return setStatus('resolved');
  }, [conversation, canManage, setStatus, toast]);

  const assign = useCallback(
    (assignToUserId: string, note?: string) =>
      conversation && member && mayAssign(member, conversation.assignedToId, assignToUserId)
        ? run(conversation.id, CONVERSATION_TEXTS.assignFailed, () =>
            assignMutation({ conversationId: conversation.id, assignToUserId, ...(note && { note }) }).unwrap(),
          )
        : Promise.resolve(false),
    [conversation, member, run, assignMutation],
  );

  const assignToMe = useCallback(() => {
    if (!user || !conversation || conversation.assignedToId === user.userId) return Promise.resolve(false);
    if (!canAssign && !canTake) {
      toast.info('Cannot take this conversation', TAKE_ONLY_FOR_YOURSELF);
      return Promise.resolve(false);
    }
    return assign(user.userId);
  }, [user, conversation, canAssign, canTake, assign, toast]);

  const unassign = useCallback(
    () =>
      conversation && canAssign
        ? run(conversation.id, CONVERSATION_TEXTS.unassignFailed, () => unassignMutation(conversation.id).unwrap())
        : Promise.resolve(false),
    [conversation, canAssign, run, unassignMutation],
  );

  return {
    canManage,
    canAssign,
    canTake,
    busy: updatingStatus || assigning || unassigning,
    // A failure belongs to the conversation it happened in.
    failure: failure && failure.conversationId === conversation?.id ? failure : null,
    dismissFailure: () => setFailure(null),
    setStatus,
    markResolved,
    assign,
    assignToMe,
    unassign,
  };
}

export type ConversationActions = ReturnType<typeof useConversationActions>;
