import { api } from '@client/api/base-api';
import type { BroadcastScheduleZone, SendBroadcastRequest, UpdateBroadcastRequest } from '@shared/api/broadcast-drafts';
import type { BroadcastDetail } from '@shared/api/broadcast-detail';
import type { Broadcast } from '@shared/api/broadcasts';
import { BROADCAST_LIST, broadcastPath } from './broadcasts-api';

/**
 * Drafts and schedules: one broadcast with its composition (for Edit), change, send or schedule a
 * draft, cancel a scheduled broadcast, and the zone times are entered in.
 */
export const broadcastDraftsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The organization's time zone; it changes rarely, so it is read once a screen needs it. */
    getScheduleZone: build.query<BroadcastScheduleZone, void>({
      query: () => '/broadcast/schedule-zone',
    }),
    getBroadcast: build.query<BroadcastDetail, string>({
      query: (broadcastId) => broadcastPath(broadcastId),
      providesTags: (_result, _error, broadcastId) => [{ type: 'Broadcast', id: broadcastId }],
    }),
    updateBroadcast: build.mutation<Broadcast, { broadcastId: string; body: UpdateBroadcastRequest }>({
      query: ({ broadcastId, body }) => ({ url: broadcastPath(broadcastId), method: 'PUT', body }),
      invalidatesTags: (_result, _error, { broadcastId }) => [BROADCAST_LIST, { type: 'Broadcast', id: broadcastId }],
    }),
    sendBroadcast: build.mutation<Broadcast, { broadcastId: string; body: SendBroadcastRequest }>({
      query: ({ broadcastId, body }) => ({ url: `${broadcastPath(broadcastId)}/send`, method: 'POST', body }),
      invalidatesTags: (_result, _error, { broadcastId }) => [BROADCAST_LIST, { type: 'Broadcast', id: broadcastId }],
    }),
    cancelBroadcast: build.mutation<Broadcast, string>({
      query: (broadcastId) => ({ url: `${broadcastPath(broadcastId)}/cancel`, method: 'POST' }),
      invalidatesTags: (_result, _error, broadcastId) => [BROADCAST_LIST, { type: 'Broadcast', id: broadcastId }],
    }),
  }),
});

export const {
  useGetBroadcastQuery, useGetScheduleZoneQuery, useUpdateBroadcastMutation, useSendBroadcastMutation, useCancelBroadcastMutation,
} = broadcastDraftsApi;
