import { api } from '@client/api/base-api';
import type { MessageResponse } from '@shared/api/roles';
import type { WebhookUrlResponse, WhatsAppConfigRequest, WhatsAppConfigResponse, WhatsAppTestResult } from '@shared/api/whatsapp';

export const whatsappSettingsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getWhatsAppConfig: build.query<WhatsAppConfigResponse, void>({
      query: () => '/settings/whatsapp',
      providesTags: ['WhatsAppConfig'],
    }),
    saveWhatsAppConfig: build.mutation<MessageResponse, WhatsAppConfigRequest>({
      query: (body) => ({ url: '/settings/whatsapp', method: 'PUT', body }),
      invalidatesTags: ['WhatsAppConfig'],
    }),
    deleteWhatsAppConfig: build.mutation<MessageResponse, void>({
      query: () => ({ url: '/settings/whatsapp', method: 'DELETE' }),
      invalidatesTags: ['WhatsAppConfig'],
    }),
    // The test also decides the Active/Inactive badge.
    testWhatsAppConfig: build.mutation<WhatsAppTestResult, void>({
      query: () => ({ url: '/settings/whatsapp/test', method: 'POST' }),
      invalidatesTags: ['WhatsAppConfig'],
    }),
    getWebhookUrl: build.query<WebhookUrlResponse, void>({
      query: () => '/settings/webhook-url',
      providesTags: ['WebhookUrl'],
    }),
  }),
});

export const {
  useGetWhatsAppConfigQuery,
  useSaveWhatsAppConfigMutation,
  useDeleteWhatsAppConfigMutation,
  useTestWhatsAppConfigMutation,
  useGetWebhookUrlQuery,
} = whatsappSettingsApi;
