import { useCallback, useRef } from 'react';

/**
 * A random (version 4) UUID. crypto.randomUUID exists only in secure contexts (HTTPS or localhost), so
 * it is built from getRandomValues, which every context has.
 */
function randomUuid(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The Idempotency-Key of a composed broadcast: the same request body gets the same key however often it
 * is sent (a double click, a retry after a failure or a timeout), so the server creates it once; a
 * changed form is a different broadcast and gets a new key.
 */
export function useIdempotencyKey(): (body: unknown) => string {
  const held = useRef<{ key: string; body: string } | null>(null);
  return useCallback((body: unknown) => {
    const fingerprint = JSON.stringify(body);
    if (held.current?.body !== fingerprint) held.current = { key: randomUuid(), body: fingerprint };
    return held.current.key;
  }, []);
}
