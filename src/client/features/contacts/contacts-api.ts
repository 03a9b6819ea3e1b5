import { api } from '@client/api/base-api';
import type { ContactConversationResponse } from '@shared/api/contacts';

/**
 * The Contacts screen's Start chat (the contact endpoints themselves are in api/contacts-endpoints.ts).
 * The same request as the inbox's getContactConversation, but as a mutation: it may create the
 * conversation, so it runs on the click and refreshes the conversations.
 */
export const contactsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Finds or creates the contact's conversation (a GET that may create, hence a mutation). */
    startConversation: build.mutation<ContactConversationResponse, string>({
      query: (contactId) => ({ url: `/conversations/contact/${encodeURIComponent(contactId)}` }),
      invalidatesTags: ['Conversation'],
    }),
  }),
});

export const { useStartConversationMutation } = contactsApi;
