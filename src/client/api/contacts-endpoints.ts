import type { Contact, ContactInput, ContactPage, ContactSearchResponse } from '@shared/api/contacts';
import { api } from './base-api';
import { TAG_LIST } from './tags-endpoints';

/** The cache entry of every contact list: whatever adds or removes a contact invalidates it. */
const CONTACT_LIST = { type: 'Contact', id: 'LIST' } as const;

/** The cache tags of a list of contacts: the list itself and each contact in it. */
const contactTags = (contacts: readonly Contact[] | undefined) => [
  CONTACT_LIST,
  ...(contacts ?? []).map((contact) => ({ type: 'Contact' as const, id: contact.id })),
];

/**
 * Every contact endpoint: the search (Contacts screen, New Broadcast's contact picker), one contact by
 * id (the inbox's notes, New Broadcast's ?contactId=), and the Contacts screen's list and writes.
 * Contact changes move tag counts and dashboard numbers, and write activity entries on the contact's
 * timeline (the notes of notes-endpoints.ts), so they refresh those too.
 */
export const contactsEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    searchContacts: build.query<ContactSearchResponse, string>({
      query: (q) => ({ url: '/contacts/search', params: { q } }),
      providesTags: (result) => contactTags(result?.data),
    }),
    getContact: build.query<Contact, string>({
      query: (contactId) => `/contacts/${encodeURIComponent(contactId)}`,
      providesTags: (_result, _error, contactId) => [{ type: 'Contact', id: contactId }],
    }),
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
  }),
});

export const {
  useSearchContactsQuery,
  useGetContactQuery,
  useGetContactsQuery,
  useCreateContactMutation,
  useUpdateContactMutation,
  useDeleteContactMutation,
  useRestoreContactMutation,
} = contactsEndpoints;
