import { skipToken } from '@reduxjs/toolkit/query';
import type { ApiError } from '@client/api/api-error';
import type { Conversation } from '@shared/api/conversations';
import { useGetContactConversationQuery, useGetConversationQuery } from './conversations-api';

/** What navigation to /conversations/{contactId} may carry: the conversation already known. */
export interface OpenedConversationState {
  conversationId: string;
}

export function isOpenedConversationState(value: unknown): value is OpenedConversationState {
  return typeof value === 'object' && value !== null && typeof (value as Record<string, unknown>).conversationId === 'string';
}

export interface OpenConversation {
  conversationId: string | undefined;
  conversation: Conversation | undefined;
  isLoading: boolean;
  error: ApiError | undefined;
  /** Re-reads the conversation (the list's 30 s refresh); answers whether it worked. */
  refresh: () => Promise<boolean>;
}

const nothingToRefresh = async () => true;

/**
 * The conversation of /conversations/{contactId}. The URL names the contact; the conversation comes from
 * the navigation state when it carries one of that contact, else from GET /conversations/contact/{id},
 * which finds or creates it.
 */
export function useOpenConversation(contactId: string | undefined, preselectedId: string | undefined): OpenConversation {
  const preselected = useGetConversationQuery(contactId && preselectedId ? preselectedId : skipToken);
  const preselectedFits = preselected.data !== undefined && preselected.data.contact.id === contactId;
  const preselectedFailed = preselected.isError || (preselected.data !== undefined && !preselectedFits);
  const lookup = useGetContactConversationQuery(contactId && (!preselectedId || preselectedFailed) ? contactId : skipToken);
  const conversationId = preselectedFits ? preselectedId : lookup.data?.conversationId;
  const current = useGetConversationQuery(conversationId ?? skipToken);
  const { refetch } = current;

  return {
    conversationId,
    // currentData, not data: while another conversation loads, the previous one must not show.
    conversation: current.currentData?.contact.id === contactId ? current.currentData : undefined,
    isLoading: preselected.isLoading || lookup.isLoading || current.isLoading,
    error: (lookup.error ?? current.error) as ApiError | undefined,
    refresh: conversationId ? () => refetch().then((result) => !result.isError) : nothingToRefresh,
  };
}
