import { api } from '@client/api/base-api';
import type { TemplateSyncResponse } from '@shared/api/templates';

/** The sync; the list (`useGetTemplatesQuery`) is in api/templates-endpoints.ts, shared with New Broadcast. */
export const templatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    syncTemplates: build.mutation<TemplateSyncResponse, void>({
      query: () => ({ url: '/templates/sync', method: 'POST' }),
      invalidatesTags: ['Template'],
    }),
  }),
});

export const { useSyncTemplatesMutation } = templatesApi;
