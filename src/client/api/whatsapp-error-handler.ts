import type { WhatsAppErrorCode } from '@shared/api/errors';

/**
 * The global handler of SPEC.md 8 for the three WHATSAPP_* codes. The base query calls
 * `notifyWhatsAppError` for any response carrying one (and still passes the error on to the caller);
 * the configuration-error modal registers itself here while it is mounted.
 */
export type WhatsAppErrorHandler = (code: WhatsAppErrorCode) => void;

const handlers = new Set<WhatsAppErrorHandler>();

/** Registers a handler; returns the function that unregisters it (handy as an effect cleanup). */
export function registerWhatsAppErrorHandler(handler: WhatsAppErrorHandler): () => void {
  handlers.add(handler);
  return () => unregisterWhatsAppErrorHandler(handler);
}

export function unregisterWhatsAppErrorHandler(handler: WhatsAppErrorHandler): void {
  handlers.delete(handler);
}

export function notifyWhatsAppError(code: WhatsAppErrorCode): void {
  for (const handler of handlers) handler(code);
}
