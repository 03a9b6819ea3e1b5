import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { ApiError } from '@client/api/api-error';
import { api } from '@client/api/base-api';
import type { RootState } from '@client/app/store';
import type { ContactConversationResponse } from '@shared/api/contacts';
import type {
  AssignConversationRequest,
  AssignmentCounts,
  Conversation,
  ConversationBatch,
  ConversationFilter,
  ConversationPage,
  ConversationResponse,
  ConversationStatus,
  MediaUrlResponse,
  MessagePage,
  MessagePollResponse,
  SendMessageRequest,
  SendMessageResponse,
  StatusCounts,
} from '@shared/api/conversations';
import { CONVERSATION_PAGE_SIZE, MAX_PAGE_SIZE, MEDIA_URL_CACHE_MS, MESSAGE_PAGE_SIZE } from '@shared/constants';
import { conversationsAdapter, listFromPage, listParams, type ConversationList, type ConversationListArgs } from './state/conversation-list-cache';
import { cacheFromPage, storedMessages, type MessagesCache } from './state/message-cache';
import { mergePolled } from './state/message-merge';

/** Every list entry provides it: what moves conversations between lists (status, assignee) invalidates it. */
const CONVERSATION_LISTS = { type: 'Conversation', id: 'PARTIAL-LIST' } as const;
/** The status and assignment counts. */
const CONVERSATION_COUNTS = { type: 'Conversation', id: 'COUNTS' } as const;

const MAX_REFRESH_PAGES = Math.floor(MAX_PAGE_SIZE / CONVERSATION_PAGE_SIZE);

const conversationPath = (conversationId: string) => `/conversations/${encodeURIComponent(conversationId)}`;

/**
 * The inbox. Lists and messages are normalized per cache entry with entity adapters; a conversation's
 * messages are held in small segments (state/message-cache.ts), so a poll copies little of a long one.
 * A list entry is reloaded whole by a refresh (as many pages as are shown, in one request), and Load
 * More appends to it (state/conversation-thunks.ts). The messages entry is keyed by conversation only:
 * its first load reads the newest page, every later fetch polls from the cursor the entry holds and
 * `merge` upserts the answer, so optimistic messages added while a poll was in flight survive it. Sends,
 * retries and older history are named thunks in state/message-thunks.ts.
 */
export const conversationsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getConversations: build.query<ConversationList, ConversationListArgs>({
      queryFn: async (args, { getState }, _extra, baseQuery) => {
        // A refresh reloads every page shown in one request, within the largest page the API serves.
        const pages = Math.min(heldList(getState(), args)?.pages ?? 1, MAX_REFRESH_PAGES);
        const result = await baseQuery({ url: '/conversations', params: listParams(args, 1, pages * CONVERSATION_PAGE_SIZE) });
        if (result.error) return { error: result.error as ApiError };
        return { data: listFromPage(result.data as ConversationPage, pages) };
      },
      providesTags: (result) => [CONVERSATION_LISTS, ...(result?.ids ?? []).map((id) => ({ type: 'Conversation' as const, id }))],
    }),
    /** One more page for Load More, merged into the list entry; its own entry is dropped at once. */
    getConversationPage: build.query<ConversationPage, ConversationListArgs & { page: number }>({
      query: ({ page, ...args }) => ({ url: '/conversations', params: listParams(args, page, CONVERSATION_PAGE_SIZE) }),
      keepUnusedDataFor: 0,
    }),
    /** The named conversations, the answer to live nudges, merged into the lists (state/conversation-thunks.ts); its own entry is dropped at once. */
    getConversationsByIds: build.query<ConversationBatch, readonly string[]>({
      query: (ids) => ({ url: '/conversations', params: { ids: ids.join(',') } }),
      keepUnusedDataFor: 0,
    }),
    getConversation: build.query<Conversation, string>({
      query: conversationPath,
      transformResponse: (response: ConversationResponse) => response.conversation,
      providesTags: (_result, _error, conversationId) => [{ type: 'Conversation', id: conversationId }],
    }),
    /** /conversations/{contactId}: the contact's conversation, found or created by the server. */
    getContactConversation: build.query<ContactConversationResponse, string>({
      query: (contactId) => `/conversations/contact/${encodeURIComponent(contactId)}`,
    }),
    getStatusCounts: build.query<StatusCounts, ConversationFilter>({
      query: (filter) => ({ url: '/conversations/status/counts', params: { filter } }),
      providesTags: [CONVERSATION_COUNTS],
    }),
    getAssignmentCounts: build.query<AssignmentCounts, ConversationStatus | undefined>({
      query: (status) => ({ url: '/conversations/assignment/counts', params: status ? { status } : undefined }),
      providesTags: [CONVERSATION_COUNTS],
    }),
    getMessages: build.query<MessagesCache, string>({
      queryFn: async (conversationId, { getState }, _extra, baseQuery) => {
        const held = heldMessages(getState(), conversationId);
        if (!held) {
          const result = await baseQuery({ url: `${conversationPath(conversationId)}/messages`, params: { limit: MESSAGE_PAGE_SIZE } });
          if (result.error) return { error: result.error as ApiError };
          return { data: cacheFromPage(result.data as MessagePage) };
        }
        const result = await baseQuery({ url: `${conversationPath(conversationId)}/messages/poll`, params: { cursor: held.cursor } });
        if (result.error) return { error: result.error as ApiError };
        const poll = result.data as MessagePollResponse;
        return { data: cacheFromPage({ data: poll.messages, cursor: poll.cursor, hasMore: held.hasMore }) };
      },
      merge: (cache, polled) => mergePolled(cache, storedMessages(polled), polled.cursor),
      onQueryStarted: async (conversationId, { dispatch, queryFulfilled, getCacheEntry }) => {
        const wasPoll = getCacheEntry().data !== undefined;
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        // The customer wrote: the window reopened and the unread count moved, so the conversation is read again.
        if (wasPoll && data && storedMessages(data).some((message) => message.direction === 'inbound')) {
          dispatch(api.util.invalidateTags([{ type: 'Conversation', id: conversationId }]));
        }
      },
    }),
    /** A page of older history, merged into the messages entry; its own entry is dropped at once. */
    getMessagePage: build.query<MessagePage, { conversationId: string; before: string }>({
      query: ({ conversationId, before }) => ({
        url: `${conversationPath(conversationId)}/messages`,
        params: { limit: MESSAGE_PAGE_SIZE, before },
      }),
      keepUnusedDataFor: 0,
    }),
    postMessage: build.mutation<SendMessageResponse, SendMessageRequest & { conversationId: string }>({
      query: ({ conversationId, ...body }) => ({ url: `${conversationPath(conversationId)}/messages`, method: 'POST', body }),
    }),
    markConversationRead: build.mutation<Conversation, string>({
      query: (conversationId) => ({ url: `${conversationPath(conversationId)}/read`, method: 'PATCH' }),
      transformResponse: (response: ConversationResponse) => response.conversation,
      onQueryStarted: writeAnswer,
    }),
    assignConversation: build.mutation<Conversation, AssignConversationRequest & { conversationId: string }>({
      query: ({ conversationId, ...body }) => ({ url: `${conversationPath(conversationId)}/assign`, method: 'PATCH', body }),
      transformResponse: (response: ConversationResponse) => response.conversation,
      onQueryStarted: writeAnswer,
      // Mine / Unassigned lists and counts moved; the server says which conversations they hold now.
      invalidatesTags: (result) => (result ? [CONVERSATION_LISTS, CONVERSATION_COUNTS] : []),
    }),
    unassignConversation: build.mutation<Conversation, string>({
      query: (conversationId) => ({ url: `${conversationPath(conversationId)}/unassign`, method: 'PATCH' }),
      transformResponse: (response: ConversationResponse) => response.conversation,
      onQueryStarted: writeAnswer,
      invalidatesTags: (result) => (result ? [CONVERSATION_LISTS, CONVERSATION_COUNTS] : []),
    }),
    updateConversationStatus: build.mutation<Conversation, { conversationId: string; status: ConversationStatus }>({
      query: ({ conversationId, status }) => ({ url: `${conversationPath(conversationId)}/status`, method: 'PATCH', body: { status } }),
      transformResponse: (response: ConversationResponse) => response.conversation,
      onQueryStarted: writeAnswer,
      invalidatesTags: (result) => (result ? [CONVERSATION_LISTS, CONVERSATION_COUNTS] : []),
    }),
    /** A media file's short-lived address, kept as long as the server lets such an address live. */
    getMediaUrl: build.query<MediaUrlResponse, string>({
      query: (mediaId) => `/media/${encodeURIComponent(mediaId)}/url`,
      keepUnusedDataFor: MEDIA_URL_CACHE_MS / 1000,
    }),
  }),
});

export type InboxDispatch = ThunkDispatch<RootState, unknown, UnknownAction>;

// What a queryFn reads of its own entry: the fetch depends on what is already held (pages shown, poll
// cursor). Declared with their types so the endpoints' types do not depend on themselves.
function heldList(state: unknown, args: ConversationListArgs): ConversationList | undefined {
  return conversationsApi.endpoints.getConversations.select(args)(state as RootState).data;
}

function heldMessages(state: unknown, conversationId: string): MessagesCache | undefined {
  return conversationsApi.endpoints.getMessages.select(conversationId)(state as RootState).data;
}

/**
 * Writes a conversation the server answered into every entry that shows it: its own entry and each
 * list holding it (re-sorted there, so a conversation with a new message moves to the top).
 */
export function writeConversation(conversation: Conversation) {
  return (dispatch: InboxDispatch, getState: () => RootState): void => {
    dispatch(conversationsApi.util.updateQueryData('getConversation', conversation.id, () => conversation));
    for (const args of conversationsApi.util.selectCachedArgsForQuery(getState(), 'getConversations')) {
      dispatch(
        conversationsApi.util.updateQueryData('getConversations', args, (list) => {
          if (list.entities[conversation.id]) conversationsAdapter.upsertOne(list, conversation);
        }),
      );
    }
  };
}

/** onQueryStarted of the mutations answering {conversation}: the answer is written everywhere at once. */
async function writeAnswer(
  _arg: unknown,
  { dispatch, queryFulfilled }: { dispatch: InboxDispatch; queryFulfilled: Promise<{ data: Conversation }> },
): Promise<void> {
  const answer = await queryFulfilled.catch(() => undefined);
  if (answer) dispatch(writeConversation(answer.data));
}

export const {
  useGetConversationsQuery,
  useGetConversationQuery,
  useGetContactConversationQuery,
  useGetStatusCountsQuery,
  useGetAssignmentCountsQuery,
  useGetMessagesQuery,
  useMarkConversationReadMutation,
  useAssignConversationMutation,
  useUnassignConversationMutation,
  useUpdateConversationStatusMutation,
  useGetMediaUrlQuery,
} = conversationsApi;
