import type { ContactNote, ContactNotePage } from '@shared/api/notes';
import { api } from './base-api';

/**
 * A contact's notes and activity timeline, read and written by the shared notes dialog (Contacts and
 * Conversations both open it). Cached per contact under the tag { type: 'Note', id: contactId }, which
 * contact writes invalidate too since they add activity entries.
 */
export const notesEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
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

export const { useGetNotesQuery, useAddNoteMutation, useUpdateNoteMutation, useDeleteNoteMutation } = notesEndpoints;
