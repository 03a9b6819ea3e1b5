import type { CannedResponse, CannedResponseInput, CannedResponseListQuery, CannedResponsePage } from '@shared/api/canned-responses';
import { api } from './base-api';

/** The cache entry of every canned response list: any write refreshes them all. */
export const CANNED_RESPONSE_LIST = { type: 'CannedResponse', id: 'LIST' } as const;

/**
 * Every canned response endpoint: the list, which the Settings tab and the composer's '/' picker read,
 * and the tab's writes.
 */
export const cannedResponsesEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    getCannedResponses: build.query<CannedResponsePage, CannedResponseListQuery>({
      query: ({ page = 1, limit }) => ({ url: '/canned-responses', params: { page, ...(limit !== undefined && { limit }) } }),
      providesTags: [CANNED_RESPONSE_LIST],
    }),
    createCannedResponse: build.mutation<CannedResponse, CannedResponseInput>({
      query: (body) => ({ url: '/canned-responses', method: 'POST', body }),
      invalidatesTags: [CANNED_RESPONSE_LIST],
    }),
    updateCannedResponse: build.mutation<CannedResponse, CannedResponseInput & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/canned-responses/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: [CANNED_RESPONSE_LIST],
    }),
    deleteCannedResponse: build.mutation<{ message: string }, string>({
      query: (id) => ({ url: `/canned-responses/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [CANNED_RESPONSE_LIST],
    }),
  }),
});

export const {
  useGetCannedResponsesQuery, useCreateCannedResponseMutation, useUpdateCannedResponseMutation, useDeleteCannedResponseMutation,
} = cannedResponsesEndpoints;
