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

/**
 * POST /webhooks/whatsapp: Meta's event payload, taken as it is. Its HMAC signature covers the exact
 * bytes, and a field Meta adds tomorrow must reach the inbox too, so nothing is stripped or reshaped;
 * the processing reads each field defensively instead.
 */
export const webhookPayloadSchema = mixed().nullable();
