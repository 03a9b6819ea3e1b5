import { and, desc, eq, lte, ne, or, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/database';
import { perDatabase } from '../../db/per-database';
import { batchedStatements } from '../../lib/batched-statements';
import { conversations, memberships, organizations, rolePermissions, roles, sessions, users } from '../../db/schema';

/**
 * The sessions table's one writer (Drizzle only). A session's id is the SHA-256 of its cookie token.
 * It lives with the members because a session is a member's: it only loads while the membership exists,
 * and removing a member ends their sessions in the same transaction.
 */

export async function insertSession(
  db: Queryable,
  values: { id: string; userId: string; organizationId: string; lastSeenAt: Date; expiresAt: Date; userAgent: string | null },
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

/** Ends every session of a user, in any organization: their password changed. */
export async function deleteAllUserSessions(db: Queryable, userId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}

/** Ends every session of a user but one (the one asking). */
export async function deleteUserSessionsExcept(db: Queryable, userId: string, keptSessionId: string): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), ne(sessions.id, keptSessionId)));
}

/** Ends one of a user's sessions in an organization; answers whether it was theirs and still there. */
export async function deleteUserSession(db: Queryable, user: { userId: string; organizationId: string }, sessionId: string): Promise<boolean> {
  const deleted = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, user.userId), eq(sessions.organizationId, user.organizationId), eq(sessions.id, sessionId)))
    .returning({ id: sessions.id });
  return deleted.length > 0;
}

/** A user's sessions in an organization, most recently used first (expired ones too: the caller filters by its limits). */
export async function listUserSessions(
  db: Queryable,
  user: { userId: string; organizationId: string },
): Promise<{ id: string; userAgent: string | null; createdAt: Date; lastSeenAt: Date; expiresAt: Date }[]> {
  return db
    .select({ id: sessions.id, userAgent: sessions.userAgent, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.userId, user.userId), eq(sessions.organizationId, user.organizationId)))
    .orderBy(desc(sessions.lastSeenAt));
}

/** Deletes the sessions past their lifetime or unused since `idleSince`, at `now`; answers how many. */
export async function deleteEndedSessions(db: Queryable, ended: { now: Date; idleSince: Date }): Promise<number> {
  const deleted = await db
    .delete(sessions)
    .where(or(lte(sessions.expiresAt, ended.now), lte(sessions.lastSeenAt, ended.idleSince)))
    .returning({ id: sessions.id });
  return deleted.length;
}

export async function touchSession(db: Queryable, sessionId: string, lastSeenAt: Date): Promise<void> {
  await db.update(sessions).set({ lastSeenAt }).where(eq(sessions.id, sessionId));
}

/**
 * What the 2-second poll needs to know of its conversation before reading any message: the change
 * counter and the assignee (who may see it). The session lookup reads it along for routes that ask.
 */
export interface ConversationHead {
  id: string;
  lastSeq: number;
  assignedToUserId: string | null;
}

/**
 * Every request's first query: prepared once, so neither Drizzle nor PostgreSQL plans it again, and
 * made for all the requests that arrive together at once (batched-statements.ts), one element per request in
 * parallel arrays. A request may name a conversation of the session's organization whose head (counter,
 * assignee) the same statement reads along: the 2-second poll needs nothing else when nothing is new.
 */
const sessionLookup = perDatabase((db) => {
  const requests = sql`unnest(${sql.placeholder('ids')}::text[], ${sql.placeholder('conversationIds')}::uuid[])
    with ordinality as request(session_id, conversation_id, position)`;
  return db
    .select({
      position: sql<string>`request.position`,
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
      conversationId: conversations.id,
      conversationLastSeq: conversations.lastSeq,
      conversationAssignee: conversations.assignedToUserId,
    })
    .from(requests)
    .innerJoin(sessions, sql`${sessions.id} = request.session_id`)
    .innerJoin(users, eq(users.id, sessions.userId))
    .innerJoin(
      memberships,
      and(eq(memberships.userId, sessions.userId), eq(memberships.organizationId, sessions.organizationId)),
    )
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .innerJoin(roles, eq(roles.id, memberships.roleId))
    .leftJoin(conversations, and(eq(conversations.organizationId, sessions.organizationId), sql`${conversations.id} = request.conversation_id`))
    .prepare('load_sessions');
});

type LookupRow = Awaited<ReturnType<ReturnType<typeof sessionLookup>['execute']>>[number];

export type SessionRow = Omit<LookupRow, 'position' | 'conversationId' | 'conversationLastSeq' | 'conversationAssignee'> & {
  /** The conversation asked for, when the session's organization has it. */
  conversation: ConversationHead | null;
};

interface SessionRequest {
  sessionId: string;
  conversationId: string | null;
}

function sessionRowOf({ position: _position, conversationId, conversationLastSeq, conversationAssignee, ...session }: LookupRow): SessionRow {
  const conversation = conversationId === null
    ? null
    : { id: conversationId, lastSeq: Number(conversationLastSeq), assignedToUserId: conversationAssignee };
  return { ...session, conversation };
}

const sessionReads = perDatabase((db) =>
  batchedStatements(async (requests: readonly SessionRequest[]) => {
    const rows = await sessionLookup(db).execute({
      ids: requests.map((request) => request.sessionId),
      conversationIds: requests.map((request) => request.conversationId),
    });
    // `with ordinality` numbers the requests from 1; a request whose session is gone has no row.
    const answers: (SessionRow | null)[] = requests.map(() => null);
    for (const row of rows) answers[Number(row.position) - 1] = sessionRowOf(row);
    return answers;
  }),
);

/**
 * A session with its member's current name, organization, role and permissions, or null when the
 * session is unknown or its member left the organization; with the head of `conversationId` when the
 * session's organization has that conversation (a valid uuid, or null for none).
 */
export async function findSession(db: Database, sessionId: string, conversationId: string | null = null): Promise<SessionRow | null> {
  return sessionReads(db)({ sessionId, conversationId });
}
