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

export type ErrorCode = WhatsAppErrorCode | 'DUPLICATE_CONTACT' | 'RATE_LIMITED';

export function isWhatsAppErrorCode(value: unknown): value is WhatsAppErrorCode {
  return typeof value === 'string' && (WHATSAPP_ERROR_CODES as readonly string[]).includes(value);
}
