import { api } from '@client/api/base-api';
import type { InvitationLookup } from '@shared/api/auth';

/** Sign-in, sign-up and sign-out live in @client/session/session-api (they write the session). */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInvitation: build.query<InvitationLookup['invitation'], string>({
      query: (token) => `/auth/invitation/${encodeURIComponent(token)}`,
      transformResponse: (body: InvitationLookup) => body.invitation,
    }),
  }),
});

export const { useGetInvitationQuery } = authApi;
