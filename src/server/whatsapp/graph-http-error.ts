import { HttpError } from '../lib/http-error';
import { GraphError } from './graph-error';

/** Answered when an organization has no WhatsApp configuration; the message names what is missing. */
export const whatsAppNotConfigured = () =>
  new HttpError(400, 'WhatsApp is not configured: missing access token, phone number id and business account id', 'WHATSAPP_NOT_CONFIGURED');

/**
 * How a failed Graph call reaches the browser: a rejected token or missing permission carries the code
 * the client's configuration-error modal opens on (SPEC.md section 8); anything else is an upstream
 * failure with Meta's message, prefixed 'API call failed' (the templates screen maps that keyword).
 */
export function toHttpError(error: unknown): HttpError {
  if (!(error instanceof GraphError)) throw error;
  switch (error.kind) {
    case 'token_expired':
      return new HttpError(400, `WhatsApp rejected the access token as invalid or expired: ${error.message}`, 'WHATSAPP_TOKEN_EXPIRED');
    case 'permission_denied':
      return new HttpError(
        400,
        `API call failed: the token lacks the whatsapp_business_management or whatsapp_business_messaging permission: ${error.message}`,
        'WHATSAPP_PERMISSION_DENIED',
      );
    default:
      return new HttpError(502, `API call failed: ${error.message}`);
  }
}
