import { useCallback, useState } from 'react';
import { errorMessage } from '@client/components/error-message';
import { useSession } from '@client/session/use-session';
import { CONVERSATION_TEXTS, type Conversation, type ConversationStatus } from '@shared/api/conversations';
import { useAssignConversationMutation, useUnassignConversationMutation, useUpdateConversationStatusMutation } from '../conversations-api';

export interface ActionFailure {
  conversationId: string;
  text: string;
  /** The server's reason, when it gave one. */
  detail?: string;
}

/**
 * Status changes and (un)assignment of the open conversation, gated by chats:manage and chats:assign,
 * with the inline failure texts. Shared by the header's buttons and the keyboard shortcuts.
 */
export function useConversationActions(conversation: Conversation | undefined) {
  const { can, user } = useSession();
  const [updateStatus, { isLoading: updatingStatus }] = useUpdateConversationStatusMutation();
  const [assignMutation, { isLoading: assigning }] = useAssignConversationMutation();
  const [unassignMutation, { isLoading: unassigning }] = useUnassignConversationMutation();
  const [failure, setFailure] = useState<ActionFailure | null>(null);
  const canManage = can('chats:manage');
  const canAssign = can('chats:assign');

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

  const markResolved = useCallback(
    () => (conversation && conversation.status !== 'resolved' ? setStatus('resolved') : Promise.resolve(false)),
    [conversation, setStatus],
  );

  const assign = useCallback(
    (assignToUserId: string, note?: string) =>
      conversation && canAssign
        ? run(conversation.id, CONVERSATION_TEXTS.assignFailed, () =>
            assignMutation({ conversationId: conversation.id, assignToUserId, ...(note && { note }) }).unwrap(),
          )
        : Promise.resolve(false),
    [conversation, canAssign, run, assignMutation],
  );

  const assignToMe = useCallback(
    () => (user && conversation?.assignedToId !== user.userId ? assign(user.userId) : Promise.resolve(false)),
    [user, conversation, assign],
  );

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
