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
