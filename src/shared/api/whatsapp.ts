/** Messaging API settings: the wire types of /settings/whatsapp and /settings/webhook-url. */

export interface WhatsAppConfigView {
  /** Masked: the last four characters of the saved token only. Sending the mask back keeps the token. */
  accessToken: string;
  phoneNumberId: string;
  businessAccountId: string;
  webhookVerifyToken: string;
  isActive: boolean;
  /** The broadcast pace of the number (messages per second). */
  messagesPerSecond: number;
}

/** GET /settings/whatsapp: `config` is null while nothing is saved. */
export interface WhatsAppConfigResponse {
  config: WhatsAppConfigView | null;
}

/** PUT /settings/whatsapp. */
export type { WhatsAppConfigInput as WhatsAppConfigRequest } from '../validation/whatsapp-config';

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
