/** Messaging API settings (SPEC.md sections 3 and 7, Settings). */

export interface WhatsAppConfigView {
  /** Masked: the last four characters of the saved token only. Sending the mask back keeps the token. */
  accessToken: string;
  phoneNumberId: string;
  businessAccountId: string;
  webhookVerifyToken: string;
  isActive: boolean;
}

/** GET /settings/whatsapp: `config` is null while nothing is saved. */
export interface WhatsAppConfigResponse {
  config: WhatsAppConfigView | null;
}

/** PUT /settings/whatsapp. */
export interface WhatsAppConfigRequest {
  accessToken: string;
  phoneNumberId: string;
  businessAccountId: string;
  webhookVerifyToken: string;
}

/** POST /settings/whatsapp/test. */
export interface WhatsAppTestResult {
  success: boolean;
  message: string;
  error?: string;
}

/** GET /settings/webhook-url. */
export interface WebhookUrlResponse {
  webhookUrl: string;
}
