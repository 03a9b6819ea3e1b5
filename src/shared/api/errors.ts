/** Every error the API answers has this body; `code` is present where SPEC.md names one. */
export interface ErrorBody {
  error: string;
  code?: ErrorCode;
}

/** The three messaging-configuration codes the client's global handler reacts to (SPEC.md section 8). */
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
