import { api } from '@client/api/base-api';
import { CONTACT_LIST, contactTags } from '@client/api/contacts-endpoints';
import { TAG_LIST } from '@client/api/tags-endpoints';
import type { Contact, ContactConversationResponse, ContactInput, ContactPage } from '@shared/api/contacts';

/**
 * Contacts (the search and one contact by id are in api/contacts-endpoints.ts, shared with New
 * Broadcast and the inbox). Contact changes move tag counts and dashboard numbers, and write activity entries on the
 * contact's timeline (the notes of api/notes-endpoints.ts), so they refresh those too.
 */
export const contactsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContacts: build.query<ContactPage, { page: number; limit: number }>({
      query: (params) => ({ url: '/contacts', params }),
      providesTags: (result) => contactTags(result?.data),
    }),
    createContact: build.mutation<Contact, ContactInput>({
      query: (body) => ({ url: '/contacts', method: 'POST', body }),
      invalidatesTags: [CONTACT_LIST, TAG_LIST, 'Analytics'],
    }),
    updateContact: build.mutation<Contact, ContactInput & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/contacts/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Contact', id }, TAG_LIST, { type: 'Note', id }],
    }),
    deleteContact: build.mutation<Contact, string>({
      query: (id) => ({ url: `/contacts/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Contact', id }, TAG_LIST, { type: 'Note', id }, 'Analytics'],
    }),
    restoreContact: build.mutation<Contact, string>({
      query: (id) => ({ url: `/contacts/${encodeURIComponent(id)}/undelete`, method: 'PATCH' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Contact', id }, TAG_LIST, { type: 'Note', id }, 'Analytics'],
    }),
    /** Finds or creates the contact's conversation (a GET that may create, hence a mutation). */
    startConversation: build.mutation<ContactConversationResponse, string>({
      query: (contactId) => ({ url: `/conversations/contact/${encodeURIComponent(contactId)}` }),
      invalidatesTags: ['Conversation'],
    }),
  }),
});

export const {
  useGetContactsQuery,
  useCreateContactMutation,
  useUpdateContactMutation,
  useDeleteContactMutation,
  useRestoreContactMutation,
  useStartConversationMutation,
} = contactsApi;
