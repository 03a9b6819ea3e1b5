import { api } from '@client/api/base-api';
import type { TemplateFilterStatus, TemplateSyncResponse, TemplatesResponse } from '@shared/api/templates';

export interface TemplatesQuery {
  status?: TemplateFilterStatus;
  /** 1-based. */
  page?: number;
  limit?: number;
}

export const templatesApi = api.injectEndpoints({
  endpoints: (build) => ({
    getTemplates: build.query<TemplatesResponse, TemplatesQuery>({
      query: ({ status, page, limit }) => ({ url: '/templates/local', params: { status, page, limit } }),
      providesTags: (result) => [
        { type: 'Template' as const, id: 'PARTIAL-LIST' },
        ...(result?.data.map(({ id }) => ({ type: 'Template' as const, id })) ?? []),
      ],
    }),
    syncTemplates: build.mutation<TemplateSyncResponse, void>({
      query: () => ({ url: '/templates/sync', method: 'POST' }),
      invalidatesTags: ['Template'],
    }),
  }),
});

export const { useGetTemplatesQuery, useSyncTemplatesMutation } = templatesApi;
