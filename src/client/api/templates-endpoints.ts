import type { TemplateFilterStatus, TemplatesResponse } from '@shared/api/templates';
import { api } from './base-api';

export interface TemplatesQuery {
  status?: TemplateFilterStatus;
  /** 1-based. */
  page?: number;
  limit?: number;
}

/**
 * The local copy of the WhatsApp templates, which the Templates screen lists and New Broadcast picks
 * from (approved ones). The sync is in features/templates/templates-api.ts.
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
  }),
});

export const { useGetTemplatesQuery } = templatesEndpoints;
