/**
 * PostgreSQL text cannot hold U+0000: a NUL that reached a query would fail it (a 500), so input
 * carrying one is refused with this message before any rule or query sees it.
 */
export const NUL_CHARACTER_REFUSED = 'Text must not contain NUL characters';

/**
 * Whether a parsed JSON value or query holds a NUL in any string or key, however deeply nested. It walks
 * with its own stack, so a deeply nested body cannot overflow the call stack.
 */
export function holdsNulCharacter(input: unknown): boolean {
  const pending: unknown[] = [input];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true;
    } else if (Array.isArray(value)) {
      for (const item of value) pending.push(item);
    } else if (isTextRecord(value)) {
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

/** Parsed JSON objects and query strings; raw bodies (a Buffer, a stream) carry no text fields. */
function isTextRecord(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return false;
  return typeof (value as { pipe?: unknown }).pipe !== 'function';
}
