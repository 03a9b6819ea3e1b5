/** True when a database error is a unique-constraint violation (SQLSTATE 23505), from either driver. */
export function isUniqueViolation(error: unknown): boolean {
  const err = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return err?.code === '23505' || err?.cause?.code === '23505';
}
