import type { MemberPreferences, MemberPreferencesChange } from '@shared/api/member-preferences';
import { api } from './base-api';

/**
 * The signed-in member's notification switches: the Profile tab changes them, the inbox reads them
 * before it rings. A switch moves at once and moves back if the server refuses; the answer is written
 * into the one cache entry, so no tag is needed.
 */
export const memberPreferencesEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    getMemberPreferences: build.query<MemberPreferences, void>({
      query: () => '/me/preferences',
    }),
    updateMemberPreferences: build.mutation<MemberPreferences, MemberPreferencesChange>({
      query: (body) => ({ url: '/me/preferences', method: 'PATCH', body }),
      onQueryStarted: async (change, { dispatch, queryFulfilled }) => {
        const patch = dispatch(
          memberPreferencesEndpoints.util.updateQueryData('getMemberPreferences', undefined, (draft) => ({ ...draft, ...change })),
        );
        try {
          const { data } = await queryFulfilled;
          dispatch(memberPreferencesEndpoints.util.upsertQueryEntries([{ endpointName: 'getMemberPreferences', arg: undefined, value: data }]));
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const { useGetMemberPreferencesQuery, useUpdateMemberPreferencesMutation } = memberPreferencesEndpoints;
