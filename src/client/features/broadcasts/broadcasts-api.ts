import { api } from '@client/api/base-api';
import type {
  AudienceRequest,
  AudienceResponse,
  Broadcast,
  BroadcastAnalytics,
  BroadcastRecipientsResponse,
  BroadcastsResponse,
  BroadcastStatus,
  CreateBroadcastRequest,
  CreateBroadcastResponse,
  RecipientFilter,
  ResendUnconfirmedResponse,
  RetryFailedResponse,
} from '@shared/api/broadcasts';

/** Every page of the broadcasts list provides it: what adds, removes or moves a broadcast invalidates it. */
export const BROADCAST_LIST = { type: 'Broadcast', id: 'LIST' } as const;

export const broadcastPath = (broadcastId: string) => `/broadcast/${encodeURIComponent(broadcastId)}`;

export interface BroadcastListQuery {
  /** 1-based. */
  page: number;
  limit: number;
  status?: BroadcastStatus;
}

export interface RecipientListQuery {
  broadcastId: string;
  filter: RecipientFilter;
  /** Narrows the failed ones to one reason: Meta's code, or 'none' for failures without one. */
  errorCode?: string;
  /** 1-based. */
  page: number;
  limit: number;
}

export interface CreateBroadcastArgs {
  body: CreateBroadcastRequest;
  /** One per composed broadcast: a repeated request with it answers the broadcast already created. */
  idempotencyKey: string;
}

/**
 * Broadcasts. A broadcast's entry ({ type: 'Broadcast', id }) covers its analytics and recipient lists,
 * so a retry or a resume refreshes whatever shows it; the list entry covers every page of the list.
 */
export const broadcastsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getBroadcasts: build.query<BroadcastsResponse, BroadcastListQuery>({
      query: ({ page, limit, status }) => ({ url: '/broadcast', params: { page, limit, ...(status && { status }) } }),
      providesTags: (result) => [BROADCAST_LIST, ...(result?.data ?? []).map(({ id }) => ({ type: 'Broadcast' as const, id }))],
    }),
    getBroadcastAnalytics: build.query<BroadcastAnalytics, string>({
      query: (broadcastId) => `${broadcastPath(broadcastId)}/analytics`,
      providesTags: (_result, _error, broadcastId) => [{ type: 'Broadcast', id: broadcastId }],
    }),
    getBroadcastRecipients: build.query<BroadcastRecipientsResponse, RecipientListQuery>({
      query: ({ broadcastId, filter, errorCode, page, limit }) => ({
        url: `${broadcastPath(broadcastId)}/recipients`,
        params: { filter, ...(errorCode !== undefined && { errorCode }), page, limit },
      }),
      providesTags: (_result, _error, { broadcastId }) => [{ type: 'Broadcast', id: broadcastId }],
    }),
    /** How many distinct live contacts the chosen tags or contacts reach (a read, though it is a POST). */
    countAudience: build.query<AudienceResponse, AudienceRequest>({
      query: (body) => ({ url: '/broadcast/audience', method: 'POST', body }),
      // Contacts come and go: a count is asked again whenever the composer shows it anew.
      keepUnusedDataFor: 0,
    }),
    createBroadcast: build.mutation<CreateBroadcastResponse, CreateBroadcastArgs>({
      query: ({ body, idempotencyKey }) => ({ url: '/broadcast', method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } }),
      invalidatesTags: [BROADCAST_LIST],
    }),
    deleteBroadcast: build.mutation<unknown, string>({
      query: (broadcastId) => ({ url: broadcastPath(broadcastId), method: 'DELETE' }),
      invalidatesTags: (_result, _error, broadcastId) => [BROADCAST_LIST, { type: 'Broadcast', id: broadcastId }],
    }),
    resumeBroadcast: build.mutation<Broadcast, string>({
      query: (broadcastId) => ({ url: `${broadcastPath(broadcastId)}/resume`, method: 'POST' }),
      invalidatesTags: (_result, _error, broadcastId) => [BROADCAST_LIST, { type: 'Broadcast', id: broadcastId }],
    }),
    retryFailed: build.mutation<RetryFailedResponse, string>({
      query: (broadcastId) => ({ url: `${broadcastPath(broadcastId)}/retry-failed`, method: 'POST' }),
      invalidatesTags: (_result, _error, broadcastId) => [BROADCAST_LIST, { type: 'Broadcast', id: broadcastId }],
    }),
    /** Send again: the recipients WhatsApp never confirmed go back in the queue. */
    resendUnconfirmed: build.mutation<ResendUnconfirmedResponse, string>({
      query: (broadcastId) => ({ url: `${broadcastPath(broadcastId)}/resend-unconfirmed`, method: 'POST' }),
      invalidatesTags: (_result, _error, broadcastId) => [BROADCAST_LIST, { type: 'Broadcast', id: broadcastId }],
    }),
  }),
});

export const {
  useGetBroadcastsQuery,
  useGetBroadcastAnalyticsQuery,
  useGetBroadcastRecipientsQuery,
  useCountAudienceQuery,
  useCreateBroadcastMutation,
  useDeleteBroadcastMutation,
  useResumeBroadcastMutation,
  useRetryFailedMutation,
  useResendUnconfirmedMutation,
} = broadcastsApi;
