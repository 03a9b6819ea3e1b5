import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { ConversationStatus } from '@shared/api/conversations';
import type { Database } from '../../db/database';
import { perDatabase } from '../../db/per-database';
import { conversations } from '../../db/schema';
import { batchedStatements } from '../../lib/batched-statements';
import { byOrganization } from './by-organization';

/** An organization's conversations of one assignee (null: unassigned) in one status. */
export interface CountCell {
  assigneeId: string | null;
  status: ConversationStatus;
  conversations: number;
  /** Those with unread messages. */
  unread: number;
}

/**
 * Whose conversations a count needs: the whole organization (a member with chats:view_all), or one
 * member's and the unassigned ones (everyone else: the only conversations they see).
 */
export type CountScope = { organizationId: string; userId: string | null };

/**
 * Every count of the inbox (by status, by assignment, unread; for any member and filter) is a sum of
 * these cells, so the counts asked by all the requests that arrive together are read by one grouped
 * statement per organization (batched-statements.ts): while customers write, a live nudge has every member
 * who may see the conversation read their counts within the same few seconds. The statement reads the
 * whole organization when one of the wave sees everything, else only the wave's members' and the
 * unassigned conversations (counted once for all of them).
 */
const cellReads = perDatabase((db) =>
  batchedStatements(async (scopes: readonly CountScope[]) => {
    const cells = new Map<string, CountCell[]>();
    await Promise.all([...byOrganization(scopes, (scope) => scope.userId)].map(async ([organizationId, users]) => {
      const memberIds = [...users].filter((userId): userId is string => userId !== null);
      const theirs = users.has(null)
        ? undefined
        : or(isNull(conversations.assignedToUserId), inArray(conversations.assignedToUserId, memberIds));
      const rows = await db
        .select({
          assigneeId: conversations.assignedToUserId,
          status: conversations.status,
          conversations: sql<number>`count(*)::int`,
          unread: sql<number>`(count(*) filter (where ${conversations.unreadCount} > 0))::int`,
        })
        .from(conversations)
        .where(and(eq(conversations.organizationId, organizationId), theirs))
        .groupBy(conversations.assignedToUserId, conversations.status);
      cells.set(organizationId, rows.map((row) => ({ ...row, conversations: Number(row.conversations), unread: Number(row.unread) })));
    }));
    return scopes.map((scope) => cells.get(scope.organizationId) ?? []);
  }),
);

/** The cells of the scope's conversations (perhaps more, never fewer), as the database holds them now. */
export function readCountCells(db: Database, scope: CountScope): Promise<CountCell[]> {
  return cellReads(db)(scope);
}
