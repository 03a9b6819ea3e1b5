import { api } from '@client/api/base-api';
import type { PageQuery } from '@shared/api/pagination';
import type {
  OrganizationSettingChangePage, OrganizationSettings, OrganizationSettingsPatch,
} from '@shared/api/organization-settings';

/** Settings → Organization: the settings and their change log, which every save extends. */
export const organizationSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getOrganizationSettings: build.query<OrganizationSettings, void>({
      query: () => '/organization/settings',
      providesTags: ['OrganizationSettings'],
    }),
    updateOrganizationSettings: build.mutation<OrganizationSettings, OrganizationSettingsPatch>({
      query: (body) => ({ url: '/organization/settings', method: 'PATCH', body }),
      invalidatesTags: ['OrganizationSettings'],
    }),
    getOrganizationSettingChanges: build.query<OrganizationSettingChangePage, PageQuery>({
      query: ({ page = 1, limit }) => ({ url: '/organization/settings/changes', params: { page, ...(limit !== undefined && { limit }) } }),
      providesTags: ['OrganizationSettings'],
    }),
  }),
});

export const {
  useGetOrganizationSettingsQuery, useUpdateOrganizationSettingsMutation, useGetOrganizationSettingChangesQuery,
} = organizationSettingsApi;
