import { inArray, sql } from 'drizzle-orm';
import type { ConversationStatus } from '@shared/api/conversations';
import type { Database } from '../../db/database';
import { perDatabase } from '../../db/per-database';
import { conversations } from '../../db/schema';
import { batchedReads } from '../../lib/batched-reads';

/** An organization's conversations of one assignee (null: unassigned) in one status. */
export interface CountCell {
  assigneeId: string | null;
  status: ConversationStatus;
  conversations: number;
  /** Those with unread messages. */
  unread: number;
}

/**
 * Every count of the inbox (by status, by assignment, unread; for any member and filter) is a sum of
 * these cells, so the counts asked by all the requests that arrive together are read by one grouped
 * statement (batched-reads.ts). While customers write, a live nudge has every member who may see the
 * conversation read their counts in the same few seconds: one statement per wave instead of one per
 * member.
 */
const cellReads = perDatabase((db) =>
  batchedReads(async (organizationIds: readonly string[]) => {
    const rows = await db
      .select({
        organizationId: conversations.organizationId,
        assigneeId: conversations.assignedToUserId,
        status: conversations.status,
        conversations: sql<number>`count(*)::int`,
        unread: sql<number>`(count(*) filter (where ${conversations.unreadCount} > 0))::int`,
      })
      .from(conversations)
      .where(inArray(conversations.organizationId, [...new Set(organizationIds)]))
      .groupBy(conversations.organizationId, conversations.assignedToUserId, conversations.status);
    const cells = new Map<string, CountCell[]>(organizationIds.map((id) => [id, []]));
    for (const { organizationId, ...cell } of rows) {
      cells.get(organizationId)?.push({ ...cell, conversations: Number(cell.conversations), unread: Number(cell.unread) });
    }
    return organizationIds.map((id) => cells.get(id) ?? []);
  }),
);

/** The organization's count cells, as the database holds them now. */
export function readCountCells(db: Database, organizationId: string): Promise<CountCell[]> {
  return cellReads(db)(organizationId);
}
