import { count, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { contactCountDeltas } from '../../db/schema';

/** More rows than this and a reader folds them into one; the sum stays a read of a few index entries. */
const FOLD_ABOVE = 32;

/**
 * The organization's number of contacts (deleted ones included, as the list shows them), from the
 * running sum the contacts triggers keep: O(rows since the last fold), not O(contacts).
 */
export async function contactTotal(db: Queryable, organizationId: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${contactCountDeltas.delta}), 0)`, parts: count() })
    .from(contactCountDeltas)
    .where(eq(contactCountDeltas.organizationId, organizationId));
  if (Number(row.parts) > FOLD_ABOVE) await foldDeltas(db, organizationId);
  return Number(row.total);
}

/**
 * Replaces the organization's rows by their sum. Safe beside writers and other folders: a row is
 * deleted once (a concurrent fold skips rows already gone) and rows added meanwhile are left for later.
 */
async function foldDeltas(db: Queryable, organizationId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const removed = await tx
      .delete(contactCountDeltas)
      .where(eq(contactCountDeltas.organizationId, organizationId))
      .returning({ delta: contactCountDeltas.delta });
    if (removed.length === 0) return;
    const delta = removed.reduce((sum, row) => sum + row.delta, 0);
    await tx.insert(contactCountDeltas).values({ organizationId, delta });
  });
}
