import { api } from '@client/api/base-api';
import type { BroadcastScheduleZone, SendBroadcastRequest } from '@shared/api/broadcast-drafts';
import type { Broadcast } from '@shared/api/broadcasts';
import { BROADCAST_LIST, broadcastPath } from './broadcasts-api';

/** Drafts and schedules: send or schedule a draft, cancel a scheduled broadcast, and the zone times are entered in. */
export const broadcastDraftsApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** The organization's time zone; it changes rarely, so it is read once a screen needs it. */
    getScheduleZone: build.query<BroadcastScheduleZone, void>({
      query: () => '/broadcast/schedule-zone',
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

export const { useGetScheduleZoneQuery, useSendBroadcastMutation, useCancelBroadcastMutation } = broadcastDraftsApi;
