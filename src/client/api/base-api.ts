import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './base-query';

/**
 * THE one RTK Query slice of the product. Features add endpoints with `api.injectEndpoints` in
 * `features/<area>/<area>-api.ts`; components import hooks from that file. A resource that several
 * features (or shared components) use has all its endpoints in `api/<resource>-endpoints.ts` instead
 * (one feature never imports another), so each resource's endpoints are in one file. Every cache tag
 * of the product is declared here, because tags only work across endpoints of one slice.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  // Only tags some endpoint provides or invalidates; a feature adds its own when it needs one.
  tagTypes: [
    'Session', 'Analytics', 'Contact', 'Note', 'Tag', 'Template', 'WhatsAppConfig', 'WebhookUrl',
    'Conversation', 'Member', 'Invitation', 'Role', 'Permission', 'Broadcast', 'CannedResponse', 'OrganizationSettings',
  ],
  // Data is not refetched when the window regains focus.
  refetchOnFocus: false,
  endpoints: () => ({}),
});
