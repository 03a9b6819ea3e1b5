import { mixed, object, string } from 'yup';

/**
 * A value of Meta's verification handshake. Anything but one piece of text (a repeated parameter
 * arrives as a list) counts as missing, so such a handshake is refused like any other wrong one.
 */
const handshakeField = string()
  .transform((value: string | undefined, original: unknown) => (typeof original === 'string' ? value : undefined))
  .optional();

/** GET /webhooks/whatsapp: Meta's verification handshake, `?hub.mode=subscribe&hub.verify_token=…&hub.challenge=…`. */
export const webhookHandshakeQuerySchema = object({
  'hub.mode': handshakeField,
  'hub.verify_token': handshakeField,
  'hub.challenge': handshakeField,
});

export const WEBHOOK_BODY_NOT_OBJECT = 'Webhook body must be a JSON object';

/**
 * POST /webhooks/whatsapp: Meta's event payload, taken as it is. Its HMAC signature covers the exact
 * bytes, and a field Meta adds tomorrow must reach the inbox too, so nothing is stripped or reshaped;
 * the processing reads each field defensively instead. Meta only ever sends an object: anything else
 * (`null`, a list, a bare value) is refused rather than stored.
 */
export const webhookPayloadSchema = mixed().nullable().test(
  'object',
  WEBHOOK_BODY_NOT_OBJECT,
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
);
