import { randomBytes } from 'node:crypto';

/**
 * A UUID version 7: 48 bits of milliseconds, then randomness. Ids sort by creation time, which keeps
 * btree inserts at the right edge of the index and gives lists a stable tiebreak.
 */
export function uuidv7(now: number = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = (bytes[6] & 0x0f) | 0x70;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UUID_FORMAT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** True for a well-formed UUID: anything else in an id position is a missing record (404), never a 500. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_FORMAT.test(value);
}
