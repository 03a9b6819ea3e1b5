import { and, eq, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/database';
import { perDatabase } from '../../db/per-database';
import { batchedReads, inKeyOrder } from '../../lib/batched-reads';
import { memberships, organizations, rolePermissions, roles, sessions, users } from '../../db/schema';

/**
 * The sessions table's one writer (Drizzle only). A session's id is the SHA-256 of its cookie token.
 * It lives with the members because a session is a member's: it only loads while the membership exists,
 * and removing a member ends their sessions in the same transaction.
 */

export async function insertSession(
  db: Queryable,
  values: { id: string; userId: string; organizationId: string; lastSeenAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(sessions).values(values);
}

export async function deleteSession(db: Queryable, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of a user in an organization, e.g. when they are removed from it. */
export async function deleteUserSessions(db: Queryable, userId: string, organizationId: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), eq(sessions.organizationId, organizationId)));
}

export async function touchSession(db: Queryable, sessionId: string, lastSeenAt: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt }).where(eq(sessions.id, sessionId));
}

/**
 * Every request's first query: prepared once, so neither Drizzle nor PostgreSQL plans it again, and
 * made for all the requests that arrive together at once (batched-reads.ts).
 */
const sessionLookup = perDatabase((db) =>
  db
    .select({
      id: sessions.id,
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
    .where(sql`${sessions.id} = any(${sql.placeholder('ids')}::text[])`)
    .prepare('load_sessions'),
);

export type SessionRow = Awaited<ReturnType<ReturnType<typeof sessionLookup>['execute']>>[number];

const sessionReads = perDatabase((db) =>
  batchedReads(async (ids: readonly string[]) => inKeyOrder(ids, await sessionLookup(db).execute({ ids: [...ids] }), (row) => row.id)),
);

/**
 * A session with its member's current name, organization, role and permissions, or null when the
 * session is unknown or its member left the organization.
 */
export async function findSession(db: Database, sessionId: string): Promise<SessionRow | null> {
  return sessionReads(db)(sessionId);
}
