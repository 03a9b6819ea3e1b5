import type { Availability, AvailabilityResponse } from '@shared/api/availability';
import { api } from './base-api';

/**
 * The signed-in member's Available / Away switch (the app header): auto-assignment gives new
 * conversations only to members who are Available with an inbox open. The switch moves at once and
 * moves back if the server refuses.
 */
export const availabilityEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    getAvailability: build.query<AvailabilityResponse, void>({
      query: () => '/me/availability',
    }),
    setAvailability: build.mutation<AvailabilityResponse, Availability>({
      query: (availability) => ({ url: '/me/availability', method: 'PUT', body: { availability } }),
      onQueryStarted: async (availability, { dispatch, queryFulfilled }) => {
        const patch = dispatch(availabilityEndpoints.util.updateQueryData('getAvailability', undefined, () => ({ availability })));
        try {
          const { data } = await queryFulfilled;
          dispatch(availabilityEndpoints.util.upsertQueryEntries([{ endpointName: 'getAvailability', arg: undefined, value: data }]));
        } catch {
          patch.undo();
        }
      },
    }),
  }),
});

export const { useGetAvailabilityQuery, useSetAvailabilityMutation } = availabilityEndpoints;
