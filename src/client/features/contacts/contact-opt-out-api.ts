import { api } from '@client/api/base-api';
import type { Contact } from '@shared/api/contacts';

/** DELETE /contacts/{id}/opt-out (contacts:edit): the contact receives marketing messages again. */
export const contactOptOutApi = api.injectEndpoints({
  endpoints: (build) => ({
    clearContactOptOut: build.mutation<Contact, string>({
      query: (id) => ({ url: `/contacts/${encodeURIComponent(id)}/opt-out`, method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Contact', id }, { type: 'Note', id }],
    }),
  }),
});

export const { useClearContactOptOutMutation } = contactOptOutApi;
