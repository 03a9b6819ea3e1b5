import { randomBytes } from 'node:crypto';
import { UUID_FORMAT } from '@shared/validation/route-input';

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

/** True for a well-formed UUID: anything else in an id position is a missing record (404), never a 500. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_FORMAT.test(value);
}
