import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AssignmentCounts, Conversation, ConversationFilter, ConversationStatus } from '@shared/api/conversations';
import type { Queryable } from '../../db/database';
import { rowsOf } from '../../db/rows-of';
import { contacts, conversations } from '../../db/schema';
import { contactMatching } from '../contacts';
import { activityOrder, conversationTable, selectConversationViews } from './conversation-view-repository';
import { mentionsUserIn } from './note-mentions-repository';
import { scopeOf, visibleConversations, type Viewer } from './viewer';

/**
 * The inbox's lists and counts, read in the database. A list is the union of one or two index prefixes
 * (see `scopeOf`), each with its own index in the list's order. A page is picked first, from the ordered
 * index walks (a member who sees only theirs and the unassigned ones merges two), and only its 15 rows
 * are then joined to their contacts, assignees and last messages; the counts are counted on the indexes.
 */

/** The part of a list one index serves, as a SELECT of conversations rows; a search keeps the rows whose contact matches. */
function branchOf(branch: SQL, contactCondition: SQL | undefined): SQL {
  const matching = contactCondition
    ? sql` and exists (select 1 from ${contacts} where ${contacts.organizationId} = ${conversations.organizationId}
        and ${contacts.id} = ${conversations.contactId} and ${contactCondition})`
    : sql``;
  return sql`select * from ${conversations} where ${branch}${matching}`;
}

/**
 * One page of the list as a FROM item named "conversations": each branch walks its index to the end of
 * the page (PostgreSQL cannot merge a union of filtered queries in order by itself), then the page is
 * cut from their merge.
 */
function pageOf(branches: SQL[], contactCondition: SQL | undefined, offset: number, limit: number): SQL {
  const walks = branches.map((branch) => sql`(${branchOf(branch, contactCondition)} order by ${activityOrder} limit ${offset + limit})`);
  return sql`(select * from (${sql.join(walks, sql` union all `)}) as ${conversations}
    order by ${activityOrder} limit ${limit} offset ${offset}) as ${conversations}`;
}

/** All the list's conversations, as a FROM item named "conversations" (to count them). */
function allOf(branches: SQL[], contactCondition?: SQL): SQL {
  return sql`(${sql.join(branches.map((branch) => branchOf(branch, contactCondition)), sql` union all `)}) as ${conversations}`;
}

export interface ListRequest {
  filter: ConversationFilter;
  status: ConversationStatus | undefined;
  /** Contact name or number. */
  search: string | undefined;
  /** Only conversations where a thread note mentions the viewer. */
  mentioned: boolean;
  offset: number;
  limit: number;
}

/** One page of a list, newest activity first, and how many conversations the whole list has. */
export async function listConversations(db: Queryable, viewer: Viewer, request: ListRequest): Promise<{ rows: Conversation[]; total: number }> {
  const { status } = request;
  const mentioned = request.mentioned ? mentionsUserIn(viewer.organizationId, viewer.userId) : undefined;
  const branches = scopeOf(viewer, request.filter).map((branch) => and(branch, status ? eq(conversations.status, status) : undefined, mentioned) as SQL);
  const contactCondition = request.search ? contactMatching(request.search) : undefined;
  const page = pageOf(branches, contactCondition, request.offset, request.limit);
  const rows = await selectConversationViews(db, page, undefined, sql`order by ${activityOrder}`);
  const [{ total }] = rowsOf<{ total: number }>(await db.execute(sql`select count(*)::int as total from ${allOf(branches, contactCondition)}`));
  return { rows, total: Number(total) };
}

/**
 * The named conversations the viewer sees, shaped as in the list, in one query: the organization and id
 * pick each row by the (organization_id, id) key, and the viewer's rule drops the others.
 */
export function listConversationsByIds(db: Queryable, viewer: Viewer, ids: readonly string[]): Promise<Conversation[]> {
  return selectConversationViews(db, conversationTable, and(visibleConversations(viewer), inArray(conversations.id, [...ids])), sql`order by ${activityOrder}`);
}

/** How many conversations of the list there are in each status. */
export async function countByStatus(db: Queryable, viewer: Viewer, filter: ConversationFilter): Promise<{ byStatus: Map<ConversationStatus, number>; unread: number }> {
  const rows = rowsOf<{ status: ConversationStatus; n: number; unread: number }>(
    await db.execute(sql`
      select ${conversations.status}, count(*)::int as n, (count(*) filter (where ${conversations.unreadCount} > 0))::int as unread
      from ${allOf(scopeOf(viewer, filter))} group by ${conversations.status}`),
  );
  return {
    byStatus: new Map(rows.map((row) => [row.status, Number(row.n)])),
    unread: rows.reduce((sum, row) => sum + Number(row.unread), 0),
  };
}

/** The viewer's conversations (every one they may see) with unread messages. */
export async function countUnread(db: Queryable, viewer: Viewer): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await db.execute(sql`select (count(*) filter (where ${conversations.unreadCount} > 0))::int as n from ${allOf(scopeOf(viewer, 'all'))}`),
  );
  return Number(row?.n ?? 0);
}

/** The organization's conversations (in a status, if given): all, the user's, and the unassigned ones, in one pass. */
export async function countByAssignment(
  db: Queryable,
  organizationId: string,
  userId: string,
  status: ConversationStatus | undefined,
): Promise<AssignmentCounts> {
  const [counts] = await db
    .select({
      all: sql<number>`count(*)::int`,
      mine: sql<number>`(count(*) filter (where ${conversations.assignedToUserId} = ${userId}))::int`,
      unassigned: sql<number>`(count(*) filter (where ${conversations.assignedToUserId} is null))::int`,
    })
    .from(conversations)
    .where(and(eq(conversations.organizationId, organizationId), status ? eq(conversations.status, status) : undefined));
  return { all: Number(counts.all), mine: Number(counts.mine), unassigned: Number(counts.unassigned) };
}
