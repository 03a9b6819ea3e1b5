/**
 * The rows of a raw `db.execute(sql...)` result, whichever driver answered: node-postgres and PGlite
 * both wrap them in `{ rows }`, but typed differently.
 */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
