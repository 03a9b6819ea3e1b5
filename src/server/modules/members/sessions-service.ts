import { isPermission } from '@shared/permissions/catalogue';
import type { AppConfig } from '../../config';
import type { Database, Queryable } from '../../db/database';
import type { AuthContext } from '../../types';
import { hashToken, newToken } from '../../lib/secret-tokens';
import {
  deleteAllUserSessions,
  deleteEndedSessions,
  deleteSession,
  deleteUserSession,
  deleteUserSessionsExcept,
  findSession,
  insertSession,
  listUserSessions,
  touchSession,
  type ConversationHead,
} from './sessions-repository';

/**
 * Server-side sessions behind a random cookie token. A session ends after `idleMinutes` without a request
 * or `absoluteHours` after it began, whichever comes first, and with its member's membership.
 */

// Writing last_seen_at on every request would turn each read into a write; a minute's slack is plenty
// against a 30-minute idle limit.
const LAST_SEEN_RESOLUTION_MS = 60_000;
const USER_AGENT_MAX = 512;

/** A session last seen at or before this instant has been idle too long. */
const idleSince = (config: AppConfig, now: number): number => now - config.sessions.idleMinutes * 60_000;

/** Whether a session has ended at `now`: idle too long, or past its absolute lifetime. */
function hasEnded(session: { lastSeenAt: Date; expiresAt: Date }, config: AppConfig, now: number): boolean {
  return now >= session.expiresAt.getTime() || session.lastSeenAt.getTime() <= idleSince(config, now);
}

/** Starts a session for a member; answers the token for the cookie. */
export async function createSession(
  db: Queryable,
  config: AppConfig,
  userId: string,
  organizationId: string,
  userAgent: string | null = null,
): Promise<string> {
  const token = newToken();
  const now = Date.now();
  await insertSession(db, {
    id: hashToken(token),
    userId,
    organizationId,
    lastSeenAt: new Date(now),
    expiresAt: new Date(now + config.sessions.absoluteHours * 3_600_000),
    // Only to tell sessions apart in a list; a longer header is cut rather than stored whole.
    userAgent: userAgent?.slice(0, USER_AGENT_MAX) ?? null,
  });
  return token;
}

export async function endSession(db: Queryable, token: string): Promise<void> {
  await deleteSession(db, hashToken(token));
}

/** A session as its member sees it in their list. */
export interface ActiveSession {
  id: string;
  userAgent: string | null;
  createdAt: Date;
  lastSeenAt: Date;
}

/** The member's sessions that still work (neither idle too long nor past their lifetime), most recent first. */
export async function listActiveSessions(
  db: Queryable,
  config: AppConfig,
  member: { userId: string; organizationId: string },
): Promise<ActiveSession[]> {
  const now = Date.now();
  const rows = await listUserSessions(db, member);
  return rows
    .filter((row) => !hasEnded(row, config, now))
    .map(({ id, userAgent, createdAt, lastSeenAt }) => ({ id, userAgent, createdAt, lastSeenAt }));
}

/** Ends one of the member's sessions; false when they have no such session. */
export function endMemberSession(db: Queryable, member: { userId: string; organizationId: string }, sessionId: string): Promise<boolean> {
  return deleteUserSession(db, member, sessionId);
}

/** Ends every session of the user except the one named (the one asking stays signed in). */
export async function endOtherSessions(db: Queryable, userId: string, keptSessionId: string): Promise<void> {
  await deleteUserSessionsExcept(db, userId, keptSessionId);
}

/** Ends every session of the user: their password was reset. */
export async function endAllSessions(db: Queryable, userId: string): Promise<void> {
  await deleteAllUserSessions(db, userId);
}

/**
 * Deletes the sessions that can no longer load (idle too long or past their lifetime): loading one
 * deletes it, but a session whose browser never came back would otherwise stay forever. Answers how many.
 */
export function pruneEndedSessions(db: Queryable, config: AppConfig, now = new Date()): Promise<number> {
  return deleteEndedSessions(db, { now, idleSince: new Date(idleSince(config, now.getTime())) });
}

/** A request's session, and the conversation it asked to read along (see findSession). */
export interface LoadedSession {
  auth: AuthContext;
  conversation: ConversationHead | null;
}

/**
 * The session behind a cookie token, with the member's current role and permissions, or null when
 * it is unknown, idle too long, past its absolute lifetime, or its member left the organization.
 */
export async function loadSession(db: Database, config: AppConfig, token: string, conversationId: string | null = null): Promise<LoadedSession | null> {
  const id = hashToken(token);
  const row = await findSession(db, id, conversationId);
  if (!row) return null;

  const now = Date.now();
  if (hasEnded(row, config, now)) {
    await deleteSession(db, id);
    return null;
  }
  if (now - row.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) await touchSession(db, id, new Date(now));
  const auth: AuthContext = {
    sessionId: id,
    userId: row.userId,
    name: row.name,
    email: row.email,
    organizationId: row.organizationId,
    organizationName: row.organizationName,
    role: { id: row.roleId, name: row.roleName, description: row.roleDescription },
    permissions: row.permissions.filter(isPermission),
  };
  return { auth, conversation: row.conversation };
}

export { type ConversationHead } from './sessions-repository';
