import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Conversation, ConversationFilter, ConversationStatus } from '@shared/api/conversations';
import type { Database, Queryable } from '../../db/database';
import { perDatabase } from '../../db/per-database';
import { batchedStatements } from '../../lib/batched-statements';
import { byOrganization } from './by-organization';
import { rowsOf } from '../../db/rows-of';
import { contacts, conversations } from '../../db/schema';
import { contactMatching } from '../contacts';
import { activityOrder, conversationTable, selectConversationViews } from './conversation-view-repository';
import { mentionsUserIn } from './note-mentions-repository';
import { scopeOf, sees, type Viewer } from './viewer';

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

/** The list's conditions: one per index walked (see `scopeOf`), each narrowed to the status and the mentions asked for. */
function branchesOf(viewer: Viewer, request: ListRequest): SQL[] {
  const mentioned = request.mentioned ? mentionsUserIn(viewer.organizationId, viewer.userId) : undefined;
  return scopeOf(viewer, request.filter).map((branch) => and(branch, request.status ? eq(conversations.status, request.status) : undefined, mentioned) as SQL);
}

const contactConditionOf = (request: ListRequest) => (request.search ? contactMatching(request.search) : undefined);

/** One page of a list, newest activity first. */
export function listConversationPage(db: Queryable, viewer: Viewer, request: ListRequest): Promise<Conversation[]> {
  const page = pageOf(branchesOf(viewer, request), contactConditionOf(request), request.offset, request.limit);
  return selectConversationViews(db, page, undefined, sql`order by ${activityOrder}`);
}

/** How many conversations the whole list has. */
export async function countListConversations(db: Queryable, viewer: Viewer, request: ListRequest): Promise<number> {
  const [{ total }] = rowsOf<{ total: number }>(
    await db.execute(sql`select count(*)::int as total from ${allOf(branchesOf(viewer, request), contactConditionOf(request))}`),
  );
  return Number(total);
}

interface ConversationKey {
  organizationId: string;
  conversationId: string;
}

/**
 * Conversations by id, for all the requests that arrive together at once (batched-statements.ts), read
 * without a viewer: a live nudge names one conversation to every member who may see it, and they all
 * read it back within the same second, so one statement per organization serves the whole wave. Each
 * pick is by the (organization_id, id) key, so a request never gets another organization's row.
 */
const conversationReads = perDatabase((db) =>
  batchedStatements(async (keys: readonly ConversationKey[]) => {
    const found = new Map<string, Conversation>();
    await Promise.all([...byOrganization(keys, (key) => key.conversationId)].map(async ([organizationId, ids]) => {
      const where = and(eq(conversations.organizationId, organizationId), inArray(conversations.id, [...ids]));
      for (const conversation of await selectConversationViews(db, conversationTable, where)) found.set(`${organizationId}/${conversation.id}`, conversation);
    }));
    return keys.map((key) => found.get(`${key.organizationId}/${key.conversationId}`) ?? null);
  }),
);

const descending = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);

/** `activityOrder` for conversations already read (ISO times and lowercase uuids sort as text): newest activity first, then the greater id. */
function byActivity(a: Conversation, b: Conversation): number {
  return descending(a.lastMessageAt ?? a.createdAt, b.lastMessageAt ?? b.createdAt) || descending(a.id, b.id);
}

/** The named conversations the viewer sees, shaped as in the list, newest activity first. */
export async function listConversationsByIds(db: Database, viewer: Viewer, ids: readonly string[]): Promise<Conversation[]> {
  const read = conversationReads(db);
  const found = await Promise.all(ids.map((conversationId) => read({ organizationId: viewer.organizationId, conversationId })));
  return found
    .filter((conversation): conversation is Conversation => conversation !== null && sees(viewer, { assignedToUserId: conversation.assignedToId }))
    .sort(byActivity);
}
