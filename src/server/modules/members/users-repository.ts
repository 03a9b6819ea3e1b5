import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { users } from '../../db/schema';

/** The users table's one writer (Drizzle only). E-mails arrive lower-cased. */

/** The account behind an e-mail, with what signing in checks, or null. */
export async function findUserByEmail(db: Queryable, email: string): Promise<{ id: string; passwordHash: string } | null> {
  const [row] = await db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.email, email));
  return row ?? null;
}

/** Stores a new account; answers its id. The unique e-mail index refuses a taken address. */
export async function insertUser(db: Queryable, values: { email: string; name: string; passwordHash: string }): Promise<string> {
  const [user] = await db.insert(users).values(values).returning({ id: users.id });
  return user.id;
}

// Not a deliverable address (RFC 2606 reserves .invalid) and never a valid password hash.
const tombstoneEmail = (userId: string) => `removed-${userId}@removed.invalid`;
const UNUSABLE_PASSWORD_HASH = '!';

/**
 * Retires an account without deleting it: its name stays on the notes, messages and assignments it left
 * behind, its e-mail is released for a later invitation, and it can no longer sign in.
 */
export async function retireUser(db: Queryable, userId: string): Promise<void> {
  await db.update(users).set({ email: tombstoneEmail(userId), passwordHash: UNUSABLE_PASSWORD_HASH }).where(eq(users.id, userId));
}
