import { api } from '@client/api/base-api';
import { TAG_LIST } from '@client/api/tags-endpoints';
import type { Tag, TagInput } from '@shared/api/tags';

/**
 * Tag writes. A tag's name and colour show on contact rows and its deletion hides it there, so every
 * tag change also refreshes contacts; counts on the dashboard follow too. The list itself
 * (`useGetTagsQuery`) is in api/tags-endpoints.ts, shared with the tag picker.
 */
export const tagsApi = api.injectEndpoints({
  endpoints: (build) => ({
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

export const { useCreateTagMutation, useUpdateTagMutation, useDeleteTagMutation, useRestoreTagMutation } = tagsApi;
