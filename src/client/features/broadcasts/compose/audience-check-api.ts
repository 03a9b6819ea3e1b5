import { api } from '@client/api/base-api';
import type { AudienceCheckResponse } from '@shared/api/audience-check';
import type { AudienceRequest } from '@shared/api/broadcasts';

/** POST /broadcast/audience/check: the reach without opted-out contacts (for a MARKETING template) and the messaging limit. */
export const audienceCheckApi = api.injectEndpoints({
  endpoints: (build) => ({
    checkAudience: build.query<AudienceCheckResponse, AudienceRequest & { templateId?: string }>({
      query: (body) => ({ url: '/broadcast/audience/check', method: 'POST', body }),
      // Opt-outs and the day's sends change: asked again whenever the form shows it anew.
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useCheckAudienceQuery } = audienceCheckApi;
