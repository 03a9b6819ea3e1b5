import { api } from '@client/api/base-api';
import type { AddThreadNoteRequest, AddThreadNoteResponse, MentionableMember, MentionableMembersResponse } from '@shared/api/thread-notes';
import { conversationsApi } from './conversations-api';
import { mergeMessages } from './state/message-merge';

const conversationPath = (conversationId: string) => `/conversations/${encodeURIComponent(conversationId)}`;

/**
 * Thread notes (the team's internal notes in a chat): adding one, and the members a note may mention.
 * A stored note goes straight into the open chat's messages; the poll would bring it too, once.
 */
export const threadNotesApi = api.injectEndpoints({
  endpoints: (build) => ({
    addThreadNote: build.mutation<AddThreadNoteResponse, AddThreadNoteRequest & { conversationId: string }>({
      query: ({ conversationId, ...body }) => ({ url: `${conversationPath(conversationId)}/notes`, method: 'POST', body }),
      onQueryStarted: async ({ conversationId }, { dispatch, queryFulfilled }) => {
        const answer = await queryFulfilled.catch(() => undefined);
        if (!answer) return;
        dispatch(conversationsApi.util.updateQueryData('getMessages', conversationId, (cache) => mergeMessages(cache, [answer.data.message])));
      },
    }),
    /** Who can see the conversation, and so be @mentioned in its notes (read when a note first types '@'). */
    getMentionableMembers: build.query<MentionableMember[], string>({
      query: (conversationId) => `${conversationPath(conversationId)}/mentionable`,
      transformResponse: (response: MentionableMembersResponse) => response.members,
    }),
  }),
});

export const { useAddThreadNoteMutation, useGetMentionableMembersQuery } = threadNotesApi;
