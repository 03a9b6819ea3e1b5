import type { WhatsAppErrorCode } from '@shared/api/errors';

/** The permissions a WhatsApp access token needs. */
export const REQUIRED_TOKEN_PERMISSIONS = ['whatsapp_business_management', 'whatsapp_business_messaging'] as const;

export interface ConfigErrorContent {
  title: string;
  /** For users holding settings:view, who can fix it themselves. */
  forSettingsUsers: string;
  /** For everyone else, who must ask an administrator. */
  forOthers: string;
}

/** The three variants of the configuration-error modal. */
export const CONFIG_ERROR_CONTENT: Record<WhatsAppErrorCode, ConfigErrorContent> = {
  WHATSAPP_TOKEN_EXPIRED: {
    title: 'WhatsApp Access Token Expired',
    forSettingsUsers:
      'The WhatsApp Business API access token has expired, so messages cannot be sent or synced. Generate a new token in Meta Business Manager and save it in WhatsApp Settings.',
    forOthers:
      "Your organization's WhatsApp Business API access token has expired, so messages cannot be sent or synced. Please contact your administrator to renew it.",
  },
  WHATSAPP_PERMISSION_DENIED: {
    title: 'WhatsApp Permission Denied',
    forSettingsUsers:
      'The WhatsApp access token is missing required permissions. Give the token both permissions below in Meta Business Manager, then save it again in WhatsApp Settings.',
    forOthers:
      "Your organization's WhatsApp access token is missing required permissions. Please contact your administrator to grant the permissions below.",
  },
  WHATSAPP_NOT_CONFIGURED: {
    title: 'WhatsApp Not Configured',
    forSettingsUsers:
      'WhatsApp Business API is not configured for your organization yet. Add your access token, phone number ID and business account ID in WhatsApp Settings to start messaging.',
    forOthers:
      'WhatsApp Business API is not configured for your organization yet. Please contact your administrator to set it up.',
  },
};
