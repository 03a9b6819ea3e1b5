import { api } from '@client/api/base-api';
import type { Contact, ContactConversationResponse, ContactInput, ContactPage, ContactSearchResponse } from '@shared/api/contacts';
import type { ContactNote, ContactNotePage } from '@shared/api/notes';

const CONTACT_LIST = { type: 'Contact', id: 'LIST' } as const;
const TAG_LIST = { type: 'Tag', id: 'LIST' } as const;

const contactTags = (contacts: readonly Contact[] | undefined) => [
  CONTACT_LIST,
  ...(contacts ?? []).map((contact) => ({ type: 'Contact' as const, id: contact.id })),
];

/**
 * Contacts and their notes (SPEC.md 7). Contact changes move tag counts and dashboard numbers, and
 * write activity entries on the contact's timeline, so they refresh those too.
 */
export const contactsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getContacts: build.query<ContactPage, { page: number; limit: number }>({
      query: (params) => ({ url: '/contacts', params }),
      providesTags: (result) => contactTags(result?.data),
    }),
    searchContacts: build.query<ContactSearchResponse, string>({
      query: (q) => ({ url: '/contacts/search', params: { q } }),
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

    getNotes: build.query<ContactNotePage, { contactId: string; limit: number }>({
      query: ({ contactId, limit }) => ({ url: `/contacts/${encodeURIComponent(contactId)}/notes`, params: { page: 1, limit } }),
      providesTags: (_result, _error, { contactId }) => [{ type: 'Note', id: contactId }],
    }),
    addNote: build.mutation<ContactNote, { contactId: string; content: string }>({
      query: ({ contactId, content }) => ({ url: `/contacts/${encodeURIComponent(contactId)}/notes`, method: 'POST', body: { content } }),
      // The contact's row shows the note count.
      invalidatesTags: (_result, _error, { contactId }) => [{ type: 'Note', id: contactId }, { type: 'Contact', id: contactId }],
    }),
    updateNote: build.mutation<ContactNote, { contactId: string; noteId: string; content: string }>({
      query: ({ contactId, noteId, content }) => ({
        url: `/contacts/${encodeURIComponent(contactId)}/notes/${encodeURIComponent(noteId)}`,
        method: 'PUT',
        body: { content },
      }),
      invalidatesTags: (_result, _error, { contactId }) => [{ type: 'Note', id: contactId }],
    }),
    deleteNote: build.mutation<{ message: string }, { contactId: string; noteId: string }>({
      query: ({ contactId, noteId }) => ({
        url: `/contacts/${encodeURIComponent(contactId)}/notes/${encodeURIComponent(noteId)}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, _error, { contactId }) => [{ type: 'Note', id: contactId }, { type: 'Contact', id: contactId }],
    }),
  }),
});

export const {
  useGetContactsQuery,
  useSearchContactsQuery,
  useCreateContactMutation,
  useUpdateContactMutation,
  useDeleteContactMutation,
  useRestoreContactMutation,
  useStartConversationMutation,
  useGetNotesQuery,
  useAddNoteMutation,
  useUpdateNoteMutation,
  useDeleteNoteMutation,
} = contactsApi;
