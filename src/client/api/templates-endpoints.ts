import type { TemplateFilterStatus, TemplatesResponse, TemplateSyncResponse } from '@shared/api/templates';
import { api } from './base-api';

export interface TemplatesQuery {
  status?: TemplateFilterStatus;
  /** 1-based. */
  page?: number;
  limit?: number;
}

/**
 * Every template endpoint: the local copy of the WhatsApp templates, which the Templates screen lists
 * and New Broadcast picks from (approved ones), and the Templates screen's sync from Meta.
 */
export const templatesEndpoints = api.injectEndpoints({
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

export const { useGetTemplatesQuery, useSyncTemplatesMutation } = templatesEndpoints;
