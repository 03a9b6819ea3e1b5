/**
 * Every error the API answers is `{ error: string, code?: ErrorCode }`; `code` is present only where the
 * client acts on the kind of error.
 */

/** The three messaging-configuration codes the client's global handler reacts to. */
export const WHATSAPP_ERROR_CODES = [
  'WHATSAPP_NOT_CONFIGURED',
  'WHATSAPP_TOKEN_EXPIRED',
  'WHATSAPP_PERMISSION_DENIED',
] as const;
export type WhatsAppErrorCode = (typeof WHATSAPP_ERROR_CODES)[number];

/**
 * RATE_LIMITED: sign-in or sign-up attempts are throttled (the form says so). TOO_MANY_REQUESTS: the
 * member or their organization went over the API's per-minute limit; the request was refused before
 * it did anything, so it may be sent again after Retry-After.
 */
export type ErrorCode = WhatsAppErrorCode | 'DUPLICATE_CONTACT' | 'RATE_LIMITED' | 'TOO_MANY_REQUESTS';

export function isWhatsAppErrorCode(value: unknown): value is WhatsAppErrorCode {
  return typeof value === 'string' && (WHATSAPP_ERROR_CODES as readonly string[]).includes(value);
}
