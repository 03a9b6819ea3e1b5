import type { TagListQuery, TagPage } from '@shared/api/tags';
import { api } from './base-api';

/** The cache entry of every tag list: whatever moves a tag's name, colour or count invalidates it. */
export const TAG_LIST = { type: 'Tag', id: 'LIST' } as const;

/**
 * The tag list, which the Tags screen and the shared tag picker both read.
 * The Tags screen's own writes are in features/tags/tags-api.ts.
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
  }),
});

export const { useGetTagsQuery } = tagsEndpoints;
