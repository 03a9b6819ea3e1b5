import type { Tag, TagInput, TagListQuery, TagPage } from '@shared/api/tags';
import { api } from './base-api';

/** The cache entry of every tag list: whatever moves a tag's name, colour or count invalidates it. */
export const TAG_LIST = { type: 'Tag', id: 'LIST' } as const;

/**
 * Every tag endpoint: the list, which the Tags screen, the shared tag picker and New Broadcast read, and
 * the Tags screen's writes. A tag's name and colour show on contact rows and its deletion hides it
 * there, so every tag change also refreshes contacts; counts on the dashboard follow too.
 */
export const tagsEndpoints = api.injectEndpoints({
  endpoints: (build) => ({
    getTags: build.query<TagPage, TagListQuery>({
      query: ({ page = 1, limit, includeDeleted }) => ({
        url: '/tags',
        params: { page, ...(limit !== undefined && { limit }), ...(includeDeleted && { includeDeleted: true }) },
      }),
      providesTags: (result) => [TAG_LIST, ...(result?.data ?? []).map((tag) => ({ type: 'Tag' as const, id: tag.id }))],
    }),
    createTag: build.mutation<Tag, TagInput>({
      query: (body) => ({ url: '/tags', method: 'POST', body }),
      invalidatesTags: [TAG_LIST, 'Analytics'],
    }),
    updateTag: build.mutation<Tag, TagInput & { id: string }>({
      query: ({ id, ...body }) => ({ url: `/tags/${encodeURIComponent(id)}`, method: 'PUT', body }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Tag', id }, TAG_LIST, 'Contact'],
    }),
    deleteTag: build.mutation<Tag, string>({
      query: (id) => ({ url: `/tags/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [TAG_LIST, 'Contact', 'Analytics'],
    }),
    restoreTag: build.mutation<Tag, string>({
      query: (id) => ({ url: `/tags/${encodeURIComponent(id)}/undelete`, method: 'PATCH' }),
      invalidatesTags: [TAG_LIST, 'Contact', 'Analytics'],
    }),
  }),
});

export const { useGetTagsQuery, useCreateTagMutation, useUpdateTagMutation, useDeleteTagMutation, useRestoreTagMutation } = tagsEndpoints;
