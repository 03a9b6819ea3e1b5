import { api } from '@client/api/base-api';
import type {
  AccountSessionsResponse,
  EmailChangeRequest,
  EmailChangeStatus,
  PasswordChangeRequest,
  ProfileRequest,
} from '@shared/api/account';
import type { MessageResponse } from '@shared/api/roles';

/**
 * The member's own account. The session list and the pending email change share the 'Session' tag with
 * the session check: a name change refreshes the user every screen shows, signing sessions out refreshes
 * the list, and asking for an address change shows it as pending.
 */
// A refused change changed nothing: re-checking the session then would only cost a request.
const onSuccess = (_result: unknown, error: unknown) => (error ? [] : (['Session'] as const));

export const accountApi = api.injectEndpoints({
  endpoints: (build) => ({
    updateProfile: build.mutation<MessageResponse, ProfileRequest>({
      query: (body) => ({ url: '/auth/profile', method: 'PUT', body }),
      invalidatesTags: onSuccess,
    }),
    changePassword: build.mutation<MessageResponse, PasswordChangeRequest>({
      query: (body) => ({ url: '/auth/password', method: 'PUT', body }),
      invalidatesTags: onSuccess,
    }),
    getEmailChange: build.query<EmailChangeStatus, void>({
      query: () => '/auth/email-change',
      providesTags: ['Session'],
    }),
    requestEmailChange: build.mutation<MessageResponse, EmailChangeRequest>({
      query: (body) => ({ url: '/auth/email-change', method: 'POST', body }),
      invalidatesTags: onSuccess,
    }),
    cancelEmailChange: build.mutation<MessageResponse, void>({
      query: () => ({ url: '/auth/email-change', method: 'DELETE' }),
      invalidatesTags: ['Session'],
    }),
    getAccountSessions: build.query<AccountSessionsResponse, void>({
      query: () => '/auth/sessions',
      providesTags: ['Session'],
    }),
    endAccountSession: build.mutation<MessageResponse, string>({
      query: (id) => ({ url: `/auth/sessions/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Session'],
    }),
    endOtherAccountSessions: build.mutation<MessageResponse, void>({
      query: () => ({ url: '/auth/sessions', method: 'DELETE', params: { others: 'true' } }),
      invalidatesTags: ['Session'],
    }),
  }),
});

export const {
  useUpdateProfileMutation,
  useChangePasswordMutation,
  useGetEmailChangeQuery,
  useRequestEmailChangeMutation,
  useCancelEmailChangeMutation,
  useGetAccountSessionsQuery,
  useEndAccountSessionMutation,
  useEndOtherAccountSessionsMutation,
} = accountApi;
