import { isApiError } from '@client/api/api-error';
import type { RootState } from '@client/app/store';
import type { Conversation } from '@shared/api/conversations';
import { conversationsApi, type InboxDispatch } from '../conversations-api';
import { appendPage, type ConversationListArgs } from './conversation-list-cache';
import { createInboxThunk } from './inbox-thunk';

/**
 * Load More: the page after the ones a list shows, appended to the same entry, so the next refresh
 * reloads that many pages.
 */
export const loadMoreConversations = createInboxThunk<void, ConversationListArgs>(
  'conversations/loadMoreConversations',
  async (args, { dispatch, getState, rejectWithValue }) => {
    const list = conversationsApi.endpoints.getConversations.select(args)(getState()).data;
    if (!list?.hasNext) return;
    const result = await dispatch(conversationsApi.endpoints.getConversationPage.initiate({ ...args, page: list.pages + 1 }, { subscribe: false }));
    if (result.error || !result.data) return rejectWithValue(isApiError(result.error) ? result.error : { status: 'FETCH_ERROR' });
    const page = result.data;
    dispatch(conversationsApi.util.updateQueryData('getConversations', args, (draft) => appendPage(draft, page)));
  },
);

/**
 * Opening a conversation from a list row: the row already holds the conversation, so its entry is
 * filled from it instead of being fetched (when it is not cached already, which may be fresher).
 */
export function seedConversation(conversation: Conversation) {
  return (dispatch: InboxDispatch, getState: () => RootState): void => {
    if (conversationsApi.endpoints.getConversation.select(conversation.id)(getState()).data) return;
    dispatch(conversationsApi.util.upsertQueryEntries([{ endpointName: 'getConversation', arg: conversation.id, value: conversation }]));
  };
}
