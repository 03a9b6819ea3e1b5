import { isApiError } from '@client/api/api-error';
import type { RootState } from '@client/app/store';
import type { Conversation } from '@shared/api/conversations';
import { conversationsApi, type InboxDispatch } from '../conversations-api';
import { appendPage, mergeNudged, type ConversationListArgs } from './conversation-list-cache';
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

/**
 * The answer to live nudges: the named conversations read in one request and written into each one's own
 * entry and every list held (state/conversation-list-cache.ts `mergeNudged`). A conversation that came
 * back missing leaves the lists, and its own entry, if held, is read again so an open chat learns it is
 * gone. Fulfils with whether a search or Mentions list may now lack one of them (only a refetch can tell).
 */
export const mergeNudgedConversations = createInboxThunk<boolean, { ids: readonly string[]; userId: string }>(
  'conversations/mergeNudgedConversations',
  async ({ ids, userId }, { dispatch, getState, rejectWithValue }) => {
    const result = await dispatch(conversationsApi.endpoints.getConversationsByIds.initiate(ids, { subscribe: false, forceRefetch: true }));
    if (result.error || !result.data) return rejectWithValue(isApiError(result.error) ? result.error : { status: 'FETCH_ERROR' });
    const batch = result.data;
    for (const conversation of batch.data) dispatch(conversationsApi.util.updateQueryData('getConversation', conversation.id, () => conversation));
    let unjudged = false;
    for (const args of conversationsApi.util.selectCachedArgsForQuery(getState(), 'getConversations')) {
      dispatch(conversationsApi.util.updateQueryData('getConversations', args, (list) => {
        unjudged = mergeNudged(list, args, batch, userId) || unjudged;
      }));
    }
    for (const id of batch.missing) {
      if (conversationsApi.endpoints.getConversation.select(id)(getState()).data) {
        void dispatch(conversationsApi.endpoints.getConversation.initiate(id, { subscribe: false, forceRefetch: true }));
      }
    }
    return unjudged;
  },
);
