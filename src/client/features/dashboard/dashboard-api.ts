import { api } from '@client/api/base-api';
import type { AnalyticsResponse } from '@shared/api/analytics';

export const dashboardApi = api.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<AnalyticsResponse, void>({
      query: () => '/analytics',
      providesTags: ['Analytics'],
    }),
  }),
});

export const { useGetDashboardQuery } = dashboardApi;
