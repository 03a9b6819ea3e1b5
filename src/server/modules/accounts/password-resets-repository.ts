import { and, eq, gt, lte } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { passwordResets } from '../../db/schema';

/** The password_resets table's one writer (Drizzle only). A row's id is the SHA-256 of its link's token. */

export async function insertPasswordReset(db: Queryable, values: { id: string; userId: string; expiresAt: Date }): Promise<void> {
  await db.insert(passwordResets).values(values);
}

/**
 * Takes a reset link out of the table and answers its user, or null when no link with this hash is
 * still valid at `now`. Deleting is what makes it single-use: of two parallel uses only one gets the row.
 */
export async function takePasswordReset(db: Queryable, id: string, now: Date): Promise<{ userId: string } | null> {
  const [row] = await db
    .delete(passwordResets)
    .where(and(eq(passwordResets.id, id), gt(passwordResets.expiresAt, now)))
    .returning({ userId: passwordResets.userId });
  return row ?? null;
}

/** Retires every reset link of a user: their password has just been set. */
export async function deleteUserPasswordResets(db: Queryable, userId: string): Promise<void> {
  await db.delete(passwordResets).where(eq(passwordResets.userId, userId));
}

/** Deletes every link that expired at or before `now`, used or not; answers how many. */
export async function deleteExpiredPasswordResets(db: Queryable, now: Date): Promise<number> {
  return (await db.delete(passwordResets).where(lte(passwordResets.expiresAt, now)).returning({ id: passwordResets.id })).length;
}
