import { invalidInput, upstreamFailed, type DomainError } from '../lib/domain-error';
import { GraphError } from './graph-error';

/** Answered when an organization has no WhatsApp configuration; the message names what is missing. */
export const whatsAppNotConfigured = () =>
  invalidInput('WhatsApp is not configured: missing access token, phone number id and business account id', 'WHATSAPP_NOT_CONFIGURED');

/**
 * How a failed Graph call reaches the browser: a rejected token or missing permission carries the code
 * the client's configuration-error modal opens on; anything else is an upstream
 * failure with Meta's message, prefixed 'API call failed' (the templates screen maps that keyword).
 */
export function toDomainError(error: unknown): DomainError {
  if (!(error instanceof GraphError)) throw error;
  switch (error.kind) {
    case 'token_expired':
      return invalidInput(`WhatsApp rejected the access token as invalid or expired: ${error.message}`, 'WHATSAPP_TOKEN_EXPIRED');
    case 'permission_denied':
      return invalidInput(
        `API call failed: the token lacks the whatsapp_business_management or whatsapp_business_messaging permission: ${error.message}`,
        'WHATSAPP_PERMISSION_DENIED',
      );
    default:
      return upstreamFailed(`API call failed: ${error.message}`);
  }
}
