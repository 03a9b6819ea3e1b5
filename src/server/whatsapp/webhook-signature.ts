import { createHmac, timingSafeEqual } from 'node:crypto';

const HEADER_FORMAT = /^sha256=([0-9a-fA-F]{64})$/;

/**
 * Checks Meta's X-Hub-Signature-256 over the exact bytes received (Meta signs its own unicode-escaped
 * JSON, so re-serializing would break the check), in constant time, failing closed: no secret, no
 * header or a malformed header all answer false.
 */
export function isValidSignature(rawBody: Buffer, header: string | undefined, secret: string | undefined): boolean {
  if (!secret || !header) return false;
  const match = HEADER_FORMAT.exec(header.trim());
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(rawBody).digest();
  const given = Buffer.from(match[1], 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
