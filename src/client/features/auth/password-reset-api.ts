import { api } from '@client/api/base-api';
import type { PasswordResetConfirmRequest, PasswordResetRequest } from '@shared/api/account';
import type { MessageResponse } from '@shared/api/roles';

/** "Forgot password?" and the reset link's form: both work signed out. */
export const passwordResetApi = api.injectEndpoints({
  endpoints: (build) => ({
    requestPasswordReset: build.mutation<MessageResponse, PasswordResetRequest>({
      query: (body) => ({ url: '/auth/password-reset', method: 'POST', body }),
    }),
    confirmPasswordReset: build.mutation<MessageResponse, PasswordResetConfirmRequest>({
      query: (body) => ({ url: '/auth/password-reset/confirm', method: 'POST', body }),
      // Every session of the account just ended, this browser's too if it was signed in as them.
      invalidatesTags: ['Session'],
    }),
  }),
});

export const { useRequestPasswordResetMutation, useConfirmPasswordResetMutation } = passwordResetApi;
