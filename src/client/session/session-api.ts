import { api } from '@client/api/base-api';
import type { InvitationLookup, LoginRequest, SessionResponse, SessionUser, SignupRequest, SignupResponse } from '@shared/api/auth';

function isSessionResponse(body: unknown): body is SessionResponse {
  return typeof body === 'object' && body !== null && 'user' in body && typeof body.user === 'object' && body.user !== null;
}

/**
 * Every /auth endpoint. The session is the cached answer of GET /auth/verify (tag 'Session'):
 * invalidating the tag re-checks it, sign-in and sign-up write the new user into it, sign-out empties
 * the whole cache. The invitation an invite link names is read before anyone is signed in.
 */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    verifySession: build.query<SessionUser | null, void>({
      // Every status below 500 is an answer; only 200 carries a user.
      query: () => ({ url: '/auth/verify', validateStatus: (response) => response.status < 500 }),
      transformResponse: (body: unknown, meta) => (meta?.response?.status === 200 && isSessionResponse(body) ? body.user : null),
      providesTags: ['Session'],
    }),
    login: build.mutation<SessionResponse, LoginRequest>({
      query: (body) => ({ url: '/auth/login', method: 'POST', body }),
      onQueryStarted: async (_request, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(setSessionUser(data.user));
      },
    }),
    signup: build.mutation<SignupResponse, SignupRequest>({
      query: (body) => ({ url: '/auth/signup', method: 'POST', body }),
      onQueryStarted: async (_request, { dispatch, queryFulfilled }) => {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(setSessionUser(data.user));
      },
    }),
    logout: build.mutation<{ message: string }, void>({
      query: () => ({ url: '/auth/logout', method: 'POST' }),
      onQueryStarted: async (_request, { dispatch, queryFulfilled }) => {
        // Logout clears the session even when the server could not be told.
        await queryFulfilled.catch(() => undefined);
        // No tenant data may outlive the session: drop every cache entry.
        dispatch(api.util.resetApiState());
        dispatch(setSessionUser(null));
      },
    }),
    getInvitation: build.query<InvitationLookup['invitation'], string>({
      query: (token) => `/auth/invitation/${encodeURIComponent(token)}`,
      transformResponse: (body: InvitationLookup) => body.invitation,
    }),
  }),
});

/** Writes the session cache entry directly (sign-in, sign-up, sign-out; tests preloading a user). */
export function setSessionUser(user: SessionUser | null) {
  return sessionApi.util.upsertQueryEntries([{ endpointName: 'verifySession', arg: undefined, value: user }]);
}

export const { useVerifySessionQuery, useLoginMutation, useSignupMutation, useLogoutMutation, useGetInvitationQuery } = sessionApi;
