import { eq, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/database';
import { memberships, organizations, users } from '../../db/schema';

/** The users table's one writer (Drizzle only). E-mails arrive lower-cased. */

/** The account behind an e-mail, with what signing in checks, or null. */
export async function findUserByEmail(db: Queryable, email: string): Promise<{ id: string; passwordHash: string } | null> {
  const [row] = await db.select({ id: users.id, passwordHash: users.passwordHash }).from(users).where(eq(users.email, email));
  return row ?? null;
}

/** A member's account with their organization (what a mail about the account says). */
export interface MemberAccount {
  userId: string;
  email: string;
  organizationId: string;
  organizationName: string;
}

/** The member behind an e-mail, or null. */
export function findMemberAccountByEmail(db: Queryable, email: string): Promise<MemberAccount | null> {
  return findMemberAccount(db, eq(users.email, email));
}

/** The member behind a user id, or null (a user removed from their organization is no member). */
export function findMemberAccountById(db: Queryable, userId: string): Promise<MemberAccount | null> {
  return findMemberAccount(db, eq(users.id, userId));
}

async function findMemberAccount(db: Queryable, which: SQL): Promise<MemberAccount | null> {
  const [row] = await db
    .select({ userId: users.id, email: users.email, organizationId: organizations.id, organizationName: organizations.name })
    .from(users)
    .innerJoin(memberships, eq(memberships.userId, users.id))
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(which);
  return row ?? null;
}

export async function findUserEmail(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? null;
}

/** The account's password hash, for a check of the current password, or null when the user is gone. */
export async function findPasswordHash(db: Queryable, userId: string): Promise<string | null> {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash ?? null;
}

export async function setUserName(db: Queryable, userId: string, name: string): Promise<void> {
  await db.update(users).set({ name }).where(eq(users.id, userId));
}

/** A confirmed new address (lower-cased). The unique e-mail index refuses one another account took meanwhile. */
export async function setUserEmail(db: Queryable, userId: string, email: string): Promise<void> {
  await db.update(users).set({ email }).where(eq(users.id, userId));
}

export async function setPasswordHash(db: Queryable, userId: string, passwordHash: string): Promise<void> {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** Stores a new account; answers its id. The unique e-mail index refuses a taken address. */
export async function insertUser(db: Queryable, values: { email: string; name: string; passwordHash: string }): Promise<string> {
  const [user] = await db.insert(users).values(values).returning({ id: users.id });
  return user.id;
}
