import type { Contact, ContactSearchResponse } from '@shared/api/contacts';
import { api } from './base-api';

/** The cache entry of every contact list: whatever adds or removes a contact invalidates it. */
export const CONTACT_LIST = { type: 'Contact', id: 'LIST' } as const;

/** The cache tags of a list of contacts: the list itself and each contact in it. */
export const contactTags = (contacts: readonly Contact[] | undefined) => [
  CONTACT_LIST,
  ...(contacts ?? []).map((contact) => ({ type: 'Contact' as const, id: contact.id })),
];

/**
 * Contact reads that several features need: the search (Contacts screen, New Broadcast's contact
 * picker) and one contact by id (the inbox's notes, New Broadcast's ?contactId=). The Contacts
 * screen's list and writes are in features/contacts/contacts-api.ts.
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
  }),
});

export const { useSearchContactsQuery, useGetContactQuery } = contactsEndpoints;
