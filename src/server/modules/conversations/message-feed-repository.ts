import { and, asc, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { MAX_SORT_KEY } from '@shared/api/conversations';
import type { Database } from '../../db/database';
import { perDatabase } from '../../db/per-database';
import { conversations, mediaFiles, messages } from '../../db/schema';
import { messageMedia, messageViewColumns, type MessageViewRow } from './message-view-repository';

/**
 * The two ways the inbox reads a conversation's messages, each ONE statement that also reads the
 * conversation (its visibility and its counter), so what they answer and the cursor they answer belong
 * to the same moment: the history (newest first by sort key, pages before one) and the poll (every
 * change after a cursor). Both are prepared once per database; the poll runs every two seconds per open chat.
 */

/** At most this many changes per poll; the next poll continues from the last one answered. */
export const POLL_LIMIT = 500;
const NO_SEQ_LIMIT = Number.MAX_SAFE_INTEGER;

const p = {
  organizationId: sql.placeholder('organizationId'),
  conversationId: sql.placeholder('conversationId'),
  userId: sql.placeholder('userId'),
  seesAll: sql.placeholder('seesAll'),
  before: sql.placeholder('before'),
  limit: sql.placeholder('limit'),
  offset: sql.placeholder('offset'),
  cursor: sql.placeholder('cursor'),
  lastMessageId: sql.placeholder('lastMessageId'),
};

/** The conversation, if the viewer sees it (see viewer.ts), as prepared-statement parameters. */
const visibleConversation = and(
  eq(conversations.organizationId, p.organizationId),
  eq(conversations.id, p.conversationId),
  or(sql`${p.seesAll}::boolean`, eq(conversations.assignedToUserId, p.userId), isNull(conversations.assignedToUserId)),
);

/** The history statement, unprepared (its plan is checked in message-history-plan.test.ts). */
export function historyQuery(db: Database) {
  // The page keeps the sort key a bigint to be ordered by as a number; the answer reads it as text.
  const page = db
    .select({ ...messageViewColumns, sortKey: messages.sortKey })
    .from(messages)
    .leftJoin(mediaFiles, messageMedia)
    .where(
      // The conversation by its parameter, not the outer row: planned for that conversation's own size,
      // a page is a backward walk of (conversation_id, sort_key), never a sort of the whole history.
      and(
        eq(messages.organizationId, p.organizationId),
        eq(messages.conversationId, p.conversationId),
        lt(messages.sortKey, sql`${p.before}::bigint`),
      ),
    )
    .orderBy(desc(messages.sortKey))
    .limit(p.limit)
    .offset(p.offset)
    .as('page');
  // The page's columns under the view's keys (Drizzle types a subquery's fields one by one only).
  const pageColumns = {
    ...Object.fromEntries(Object.keys(messageViewColumns).map((key) => [key, page[key as keyof typeof messageViewColumns]])),
    sortKey: sql<string>`${page.sortKey}::text`,
  };
  return db
    .select({ lastSeq: conversations.lastSeq, message: pageColumns as unknown as typeof messageViewColumns })
    .from(conversations)
    .leftJoinLateral(page, sql`true`)
    .where(visibleConversation)
    .orderBy(desc(page.sortKey));
}

const queries = {
  history: perDatabase((db) => historyQuery(db).prepare('conversation_history')),
  poll: perDatabase((db) => {
    // lastMessageId alone (no cursor) means "after that message": its seq, read once (an InitPlan).
    const after = sql`coalesce(${p.cursor}::bigint, (
      select ${messages.seq} from ${messages}
      where ${messages.organizationId} = ${p.organizationId}::uuid and ${messages.conversationId} = ${p.conversationId}::uuid
        and ${messages.id} = ${p.lastMessageId}::uuid
    ), 0)`;
    // Always true, but it makes the cursor condition a range, which PostgreSQL estimates at a row or two
    // without knowing the cursor: the statement then keeps one generic plan. With `> cursor` alone the
    // generic plan is estimated at a third of the conversation, so every poll was planned again (planning
    // cost five times the execution).
    const rangeEnd = sql`${messages.changeSeq} < ${sql.raw(String(NO_SEQ_LIMIT))}`;
    return db
      .select({ lastSeq: conversations.lastSeq, message: messageViewColumns })
      .from(conversations)
      .leftJoin(
        messages,
        and(
          eq(messages.organizationId, conversations.organizationId),
          eq(messages.conversationId, conversations.id),
          gt(messages.changeSeq, after),
          rangeEnd,
        ),
      )
      .leftJoin(mediaFiles, messageMedia)
      .where(visibleConversation)
      .orderBy(asc(messages.changeSeq))
      .limit(POLL_LIMIT)
      .prepare('conversation_poll');
  }),
};

export interface FeedViewer {
  organizationId: string;
  userId: string;
  seesAll: boolean;
}

/** null: the viewer has no such conversation. `lastSeq` is the conversation's counter at that moment. */
export interface Feed {
  lastSeq: number;
  messages: MessageViewRow[];
}

type FeedRow = { lastSeq: number; message: MessageViewRow | null };

/** The conversation's counter and its messages; a left join without a message gives one row of nulls. */
function feedOf(rows: FeedRow[]): Feed | null {
  if (rows.length === 0) return null;
  return { lastSeq: Number(rows[0].lastSeq), messages: rows.flatMap((row) => (row.message?.id ? [row.message] : [])) };
}

/** Up to `limit` messages before the sort key `before` (all when null), newest first, skipping the first `skip`. */
export async function readHistory(
  db: Database,
  viewer: FeedViewer,
  conversationId: string,
  page: { before: bigint | null; skip: number; limit: number },
): Promise<Feed | null> {
  // A bigint parameter as its digits: every driver takes those.
  const before = String(page.before ?? MAX_SORT_KEY);
  const rows = await queries.history(db).execute({ ...viewer, conversationId, before, offset: page.skip, limit: page.limit });
  return feedOf(rows as FeedRow[]);
}

/** The messages that changed after `cursor` (or after the message `lastMessageId`), oldest change first. */
export async function readChanges(
  db: Database,
  viewer: FeedViewer,
  conversationId: string,
  after: { cursor: number | null; lastMessageId: string | null },
): Promise<Feed | null> {
  const rows = await queries.poll(db).execute({ ...viewer, conversationId, ...after });
  return feedOf(rows as FeedRow[]);
}

/** One stored message as the inbox shows it. */
export async function readMessage(db: Database, organizationId: string, messageId: string): Promise<MessageViewRow | null> {
  const [row] = await db
    .select(messageViewColumns)
    .from(messages)
    .leftJoin(mediaFiles, messageMedia)
    .where(and(eq(messages.organizationId, organizationId), eq(messages.id, messageId)));
  return (row as MessageViewRow | undefined) ?? null;
}
