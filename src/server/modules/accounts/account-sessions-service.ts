import type { AccountSessionsResponse } from '@shared/api/account';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/database';
import { notFound } from '../../lib/domain-error';
import type { AuthContext } from '../../types';
import { endMemberSession, endOtherSessions, listActiveSessions } from '../members';
import { describeDevice } from './session-device';

export const SESSION_NOT_FOUND = 'Session not found';

/** The member's signed-in browsers, most recently used first, the one asking marked as current. */
export async function listOwnSessions(db: Database, config: AppConfig, auth: AuthContext): Promise<AccountSessionsResponse> {
  const sessions = await listActiveSessions(db, config, auth);
  return {
    sessions: sessions.map((session) => ({
      id: session.id,
      device: describeDevice(session.userAgent),
      signedInAt: session.createdAt.toISOString(),
      lastUsedAt: session.lastSeenAt.toISOString(),
      current: session.id === auth.sessionId,
    })),
  };
}

/** Signs one of the member's own browsers out (the current one too: that is signing out here). */
export async function endOwnSession(db: Database, auth: AuthContext, sessionId: string): Promise<void> {
  if (!(await endMemberSession(db, auth, sessionId))) throw notFound(SESSION_NOT_FOUND);
}

/** Signs every other browser of the member out; this one stays signed in. */
export async function endOwnOtherSessions(db: Database, auth: AuthContext): Promise<void> {
  await endOtherSessions(db, auth.userId, auth.sessionId);
}
