import { api } from '@client/api/base-api';
import type { EmailChangeConfirmRequest } from '@shared/api/account';
import type { MessageResponse } from '@shared/api/roles';

/** The email confirmation link's page: it works signed out, or signed in as anyone. */
export const emailConfirmationApi = api.injectEndpoints({
  endpoints: (build) => ({
    confirmEmailChange: build.mutation<MessageResponse, EmailChangeConfirmRequest>({
      query: (body) => ({ url: '/auth/email-change/confirm', method: 'POST', body }),
      // The address every screen shows changed, if this browser is signed in as the account.
      invalidatesTags: ['Session'],
    }),
  }),
});

export const { useConfirmEmailChangeMutation } = emailConfirmationApi;
