import { and, desc, eq, gt, lte } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { emailChanges } from '../../db/schema';

/** The email_changes table's one writer (Drizzle only). A row's id is the SHA-256 of its link's token. */

export async function insertEmailChange(
  db: Queryable,
  values: { id: string; userId: string; newEmail: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailChanges).values(values);
}

/** The user's change still waiting for its link at `now`, or null. */
export async function findPendingEmailChange(db: Queryable, userId: string, now: Date): Promise<{ newEmail: string; expiresAt: Date } | null> {
  const [row] = await db
    .select({ newEmail: emailChanges.newEmail, expiresAt: emailChanges.expiresAt })
    .from(emailChanges)
    .where(and(eq(emailChanges.userId, userId), gt(emailChanges.expiresAt, now)))
    .orderBy(desc(emailChanges.createdAt))
    .limit(1);
  return row ?? null;
}

/**
 * Takes a confirmation link out of the table and answers its change, or null when no link with this hash
 * is still valid at `now`. Deleting is what makes it single-use: of two parallel uses only one gets the row.
 */
export async function takeEmailChange(db: Queryable, id: string, now: Date): Promise<{ userId: string; newEmail: string } | null> {
  const [row] = await db
    .delete(emailChanges)
    .where(and(eq(emailChanges.id, id), gt(emailChanges.expiresAt, now)))
    .returning({ userId: emailChanges.userId, newEmail: emailChanges.newEmail });
  return row ?? null;
}

/** Retires every pending change of a user: they asked again, cancelled, or their address just changed. */
export async function deleteUserEmailChanges(db: Queryable, userId: string): Promise<void> {
  await db.delete(emailChanges).where(eq(emailChanges.userId, userId));
}

/** Deletes every change whose link expired at or before `now`; answers how many. */
export async function deleteExpiredEmailChanges(db: Queryable, now: Date): Promise<number> {
  return (await db.delete(emailChanges).where(lte(emailChanges.expiresAt, now)).returning({ id: emailChanges.id })).length;
}
