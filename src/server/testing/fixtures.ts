import { and, eq } from 'drizzle-orm';
import type { Permission } from '@shared/permissions/catalogue';
import { hashPassword } from '../modules/auth/passwords';
import { storeInvitation } from '../modules/invitations/invitations-service';
import { insertMembership } from '../modules/members/members-repository';
import { findUserByEmail, insertUser } from '../modules/members/users-repository';
import { insertRole } from '../modules/roles/roles-repository';
import { roles } from '../db/schema';
import { signIn, TEST_PASSWORD, uniqueEmail, type Member, type TestApp } from './test-app';

/** Creates a custom role with exactly these permissions in an organization. */
export async function createRole(
  t: TestApp,
  organizationId: string,
  permissions: readonly Permission[],
  name = `Role ${Math.random().toString(36).slice(2, 8)}`,
): Promise<string> {
  return insertRole(t.database.db, organizationId, { name, description: 'Made by a test', permissions });
}

/** The id of one of an organization's roles, by name. */
export async function roleIdByName(t: TestApp, organizationId: string, name: string): Promise<string> {
  const [found] = await t.database.db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.organizationId, organizationId), eq(roles.name, name)));
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
  const userId = await insertUser(db, { email, name, passwordHash: await hashPassword(TEST_PASSWORD) });
  await insertMembership(db, { organizationId, userId, roleId });
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
  const { token } = await storeInvitation(t.database.db, { organizationId, roleId, email, invitedByUserId: null }, expiresAt);
  return token;
}

export async function userIdByEmail(t: TestApp, email: string): Promise<string> {
  const user = await findUserByEmail(t.database.db, email);
  if (!user) throw new Error(`no user ${email}`);
  return user.id;
}
