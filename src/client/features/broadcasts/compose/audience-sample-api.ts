import { api } from '@client/api/base-api';
import type { AudienceSampleRequest, AudienceSampleResponse } from '@shared/api/broadcasts';

/** One real recipient of the audience being composed, for the preview of personal parameters. */
export const audienceSampleApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** A read, though it is a POST (the audience can be 1,000 contact ids). */
    getAudienceSample: build.query<AudienceSampleResponse, AudienceSampleRequest>({
      query: (body) => ({ url: '/broadcast/audience/sample', method: 'POST', body }),
      // Contacts come and go: asked again whenever the preview shows the audience anew.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useGetAudienceSampleQuery } = audienceSampleApi;
