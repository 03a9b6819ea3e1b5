import { eq } from 'drizzle-orm';
import type { Permission } from '@shared/permissions/catalogue';
import { invitations, memberships, rolePermissions, roles, users } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { hashToken, newToken } from '../modules/auth/session-store';
import { signIn, TEST_PASSWORD, uniqueEmail, type Member, type TestApp } from './test-app';

/** Creates a custom role with exactly these permissions in an organization. */
export async function createRole(
  t: TestApp,
  organizationId: string,
  permissions: readonly Permission[],
  name = `Role ${Math.random().toString(36).slice(2, 8)}`,
): Promise<string> {
  const db = t.database.db;
  const [role] = await db
    .insert(roles)
    .values({ organizationId, name, description: 'Made by a test' })
    .returning({ id: roles.id });
  if (permissions.length > 0) {
    await db.insert(rolePermissions).values(permissions.map((permission) => ({ organizationId, roleId: role.id, permission })));
  }
  return role.id;
}

/** The id of one of an organization's roles, by name. */
export async function roleIdByName(t: TestApp, organizationId: string, name: string): Promise<string> {
  const found = await t.database.db.query.roles.findFirst({
    where: (r, { and, eq: is }) => and(is(r.organizationId, organizationId), is(r.name, name)),
  });
  if (!found) throw new Error(`no role ${name}`);
  return found.id;
}

/** Adds a member to an organization with a role (by id) and signs them in. */
export async function addMember(
  t: TestApp,
  organizationId: string,
  roleId: string,
  { name = 'Tariq Test', email = uniqueEmail('member') } = {},
): Promise<Member> {
  const db = t.database.db;
  const [user] = await db
    .insert(users)
    .values({ email, name, passwordHash: await hashPassword(TEST_PASSWORD) })
    .returning({ id: users.id });
  await db.insert(memberships).values({ organizationId, userId: user.id, roleId });
  return signIn(t.app, email);
}

/** Adds a member holding exactly these permissions (through a fresh custom role). */
export async function addMemberWith(t: TestApp, organizationId: string, permissions: readonly Permission[]): Promise<Member> {
  return addMember(t, organizationId, await createRole(t, organizationId, permissions));
}

/** An invitation straight in the database; answers the raw token the link would carry. */
export async function createInvitation(
  t: TestApp,
  { organizationId, roleId, email, expiresAt = new Date(Date.now() + 86_400_000) }:
    { organizationId: string; roleId: string; email: string; expiresAt?: Date },
): Promise<string> {
  const token = newToken();
  await t.database.db.insert(invitations).values({ organizationId, roleId, email, tokenHash: hashToken(token), expiresAt });
  return token;
}

export async function userIdByEmail(t: TestApp, email: string): Promise<string> {
  const [user] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return user.id;
}
