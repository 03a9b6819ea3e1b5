import { and, desc, eq, gt, inArray, isNull, lt, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { contactImports } from '../../db/schema';
import type { ImportBatchCounts } from '../contacts';

/** The contact-imports repository owns contact_imports: each CSV import, its progress and how it ended. */

export type ContactImportRow = typeof contactImports.$inferSelect;

export async function insertImport(
  db: Queryable,
  row: { organizationId: string; userId: string; tagId: string; tagName: string; fileName: string; rowsToWrite: number },
): Promise<ContactImportRow> {
  const [inserted] = await db.insert(contactImports).values(row).returning();
  return inserted;
}

/** Adds a chunk's counts and moves the heartbeat, in the chunk's own transaction. */
export async function addChunk(db: Queryable, importId: string, counts: ImportBatchCounts): Promise<void> {
  await db
    .update(contactImports)
    .set({
      rowsWritten: sql`${contactImports.rowsWritten} + ${counts.created + counts.updated + counts.unchanged}`,
      created: sql`${contactImports.created} + ${counts.created}`,
      updated: sql`${contactImports.updated} + ${counts.updated}`,
      unchanged: sql`${contactImports.unchanged} + ${counts.unchanged}`,
      heartbeatAt: sql`now()`,
    })
    .where(eq(contactImports.id, importId));
}

export async function finishImport(db: Queryable, importId: string, status: 'completed' | 'interrupted'): Promise<void> {
  await db.update(contactImports).set({ status, finishedAt: sql`now()` }).where(eq(contactImports.id, importId));
}

/**
 * Marks the organization's running imports whose heartbeat is older than `staleSeconds` as interrupted:
 * their process died (a live import commits a chunk every fraction of a second).
 */
export async function interruptStaleImports(db: Queryable, organizationId: string, staleSeconds: number): Promise<void> {
  await db
    .update(contactImports)
    .set({ status: 'interrupted', finishedAt: contactImports.heartbeatAt })
    .where(
      and(
        eq(contactImports.organizationId, organizationId),
        eq(contactImports.status, 'running'),
        lt(contactImports.heartbeatAt, sql`now() - make_interval(secs => ${staleSeconds})`),
      ),
    );
}

/**
 * Records that `importId` completed the earlier imports of the same file and tag that stopped part-way:
 * interrupted ones, and running ones whose last chunk committed before it started (their process died
 * too recently to look stale yet). Answers them.
 */
export async function completeEarlierImports(db: Queryable, finished: ContactImportRow): Promise<ContactImportRow[]> {
  return db
    .update(contactImports)
    .set({ status: 'interrupted', completedBy: finished.id, finishedAt: sql`coalesce(${contactImports.finishedAt}, ${contactImports.heartbeatAt})` })
    .where(
      and(
        eq(contactImports.organizationId, finished.organizationId),
        ne(contactImports.id, finished.id),
        eq(contactImports.tagId, finished.tagId),
        eq(contactImports.fileName, finished.fileName),
        inArray(contactImports.status, ['running', 'interrupted']),
        isNull(contactImports.completedBy),
        lt(contactImports.heartbeatAt, finished.startedAt),
        gt(contactImports.rowsWritten, 0),
      ),
    )
    .returning();
}

/** The organization's interrupted imports that stored something and that no later import completed, newest first. */
export async function incompleteImports(db: Queryable, organizationId: string, limit: number): Promise<ContactImportRow[]> {
  return db
    .select()
    .from(contactImports)
    .where(
      and(
        eq(contactImports.organizationId, organizationId),
        eq(contactImports.status, 'interrupted'),
        isNull(contactImports.completedBy),
        gt(contactImports.rowsWritten, 0),
      ),
    )
    .orderBy(desc(contactImports.startedAt))
    .limit(limit);
}
