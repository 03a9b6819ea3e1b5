import { api } from '@client/api/base-api';
import { API_BASE_URL } from '@client/api/base-query';
import type { InboxReport } from '@shared/api/reports';
import type { ReportRangeQuery } from '@shared/validation/reports';

const searchOf = (range: ReportRangeQuery) => {
  const params = new URLSearchParams();
  if (range.from) params.set('from', range.from);
  if (range.to) params.set('to', range.to);
  return params.toString();
};

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getInboxReport: build.query<InboxReport, ReportRangeQuery>({
      query: (range) => `/reports/inbox?${searchOf(range)}`,
      providesTags: ['Analytics'],
    }),
  }),
});

export const { useGetInboxReportQuery } = reportsApi;

/** Where the report's days download as CSV (the session cookie goes with a plain link). */
export const inboxReportCsvUrl = (range: ReportRangeQuery) => `${API_BASE_URL}/reports/inbox.csv?${searchOf(range)}`;
