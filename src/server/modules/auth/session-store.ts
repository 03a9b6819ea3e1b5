import { createHash, randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { isPermission, type Permission } from '@shared/permissions/catalogue';
import type { AppConfig } from '../../config';
import type { Database, Queryable } from '../../db/database';
import { perDatabase } from '../../db/per-database';
import { memberships, organizations, rolePermissions, roles, sessions, users } from '../../db/schema';
import type { AuthContext } from '../../types';

/** SHA-256 of a random token: what the database stores for sessions and invitations. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 256 random bits, URL-safe. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export async function createSession(
  db: Queryable,
  config: AppConfig,
  userId: string,
  organizationId: string,
): Promise<string> {
  const token = newToken();
  const now = Date.now();
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    organizationId,
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + config.sessions.absoluteHours * 3_600_000),
  });
  return token;
}

export async function deleteSession(db: Queryable, token: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, hashToken(token)));
}

/** Ends every session of a user in an organization, e.g. when they are removed from it. */
export async function deleteUserSessions(db: Queryable, userId: string, organizationId: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), eq(sessions.organizationId, organizationId)));
}

// Writing last_seen_at on every request would turn each read into a write; a minute's slack is plenty
// against a 30-minute idle limit.
const LAST_SEEN_RESOLUTION_MS = 60_000;

/** Every request's first query: prepared once, so neither Drizzle nor PostgreSQL plans it again. */
const sessionLookup = perDatabase((db) =>
  db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      organizationId: organizations.id,
      organizationName: organizations.name,
      roleId: roles.id,
      roleName: roles.name,
      roleDescription: roles.description,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      permissions: sql<string[]>`coalesce(
        (select array_agg(${rolePermissions.permission}) from ${rolePermissions} where ${rolePermissions.roleId} = ${roles.id}),
        '{}')`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(
      memberships,
      and(eq(memberships.userId, sessions.userId), eq(memberships.organizationId, sessions.organizationId)),
    )
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('load_session'),
);

/**
 * The session behind a cookie token, with the member's current role and permissions, or null when
 * it is unknown, idle too long, past its absolute lifetime, or its member left the organization.
 */
export async function loadSession(db: Database, config: AppConfig, token: string): Promise<AuthContext | null> {
  const id = hashToken(token);
  const [row] = await sessionLookup(db).execute({ id });
  if (!row) return null;

  const now = Date.now();
  const idleLimit = row.lastSeenAt.getTime() + config.sessions.idleMinutes * 60_000;
  if (now >= row.expiresAt.getTime() || now >= idleLimit) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now - row.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
    await db.update(sessions).set({ lastSeenAt: new Date(now) }).where(eq(sessions.id, id));
  }
  return {
    sessionId: id,
    userId: row.userId,
    name: row.name,
    email: row.email,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    role: { id: row.roleId, name: row.roleName, description: row.roleDescription },
    permissions: row.permissions.filter(isPermission) as Permission[],
  };
}
