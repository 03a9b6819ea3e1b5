import { randomBytes } from 'node:crypto';
import { UUID_FORMAT } from '@shared/validation/route-input';

/** The millisecond and the 12-bit sequence of the last id made here. */
let lastMs = 0;
let lastSequence = 0;

/**
 * A UUID version 7: 48 bits of milliseconds, a 12-bit sequence, then randomness. Ids sort by creation
 * time, which keeps btree inserts at the right edge of the index and gives lists a stable tiebreak, also
 * between rows made in the same millisecond: within one, the sequence counts up from a random start
 * below 2048 (and past 4095 the id takes the next millisecond), so this process's ids only ever grow.
 */
export function uuidv7(): string {
  const bytes = randomBytes(16);
  let now = Date.now();
  let sequence: number;
  if (now > lastMs) {
    sequence = bytes.readUInt16BE(6) & 0x7ff;
  } else {
    now = lastMs;
    sequence = lastSequence + 1;
    if (sequence > 0xfff) {
      now += 1;
      sequence = 0;
    }
  }
  lastMs = now;
  lastSequence = sequence;
  bytes.writeUIntBE(now, 0, 6);
  bytes.writeUInt16BE(0x7000 | sequence, 6);
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** True for a well-formed UUID: anything else in an id position is a missing record (404), never a 500. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID_FORMAT.test(value);
}
