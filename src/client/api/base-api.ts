import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query';

/**
 * THE one RTK Query slice of the product. Features add endpoints with `api.injectEndpoints` in
 * `features/<area>/<area>-api.ts`; components import hooks from that file. Every cache tag of the
 * product is declared here, because tags only work across endpoints of one slice.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Session', 'Analytics', 'Contact', 'Note', 'Tag', 'Template', 'WhatsAppConfig', 'WebhookUrl',
    'Conversation', 'Message', 'ConversationCounts', 'Broadcast', 'BroadcastAnalytics', 'AutomationRule',
    'Agent', 'Member', 'Invitation', 'Role', 'Permission', 'Media',
  ],
  // SPEC.md 7: no refetch on window focus.
  refetchOnFocus: false,
  endpoints: () => ({}),
});
