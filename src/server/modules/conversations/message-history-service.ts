import { CONVERSATION_NOT_FOUND, FIRST_SORT_KEY, type Message, type MessagePage, type MessagePollResponse } from '@shared/api/conversations';
import type { Database } from '../../db/database';
import { notFound } from '../../lib/domain-error';
import type { MediaUrlSigner } from '../media';
import { POLL_LIMIT, readChanges, readHistory } from './message-feed-repository';
import { toMessage, type MessageViewRow } from './message-view-repository';
import { sortKeyOfSeq } from './messages-repository';
import type { ConversationHead } from '../members';
import { sees, type Viewer } from './viewer';

/** Reading an open chat: its history, page by page, and the poll for what changed. */

/** A stored message as the client shows it, its media as a signed link. */
export function messageOf(row: MessageViewRow, organizationId: string, mediaUrls: MediaUrlSigner): Message {
  return toMessage(row, (mediaId) => mediaUrls.sign(organizationId, mediaId).url);
}

/**
 * The sort key a history page continues before. A value below any sort key is a message's seq, the
 * cursor of clients from before sort keys: that message's key (none before a seq that names no message).
 */
async function historyCursor(db: Database, organizationId: string, conversationId: string, before: string): Promise<bigint> {
  const value = BigInt(before);
  if (value >= FIRST_SORT_KEY) return value;
  return (await sortKeyOfSeq(db, organizationId, conversationId, value)) ?? 0n;
}

/**
 * The newest `limit` messages before `before` (a message's sortKey), newest first by sort key, `page`
 * counting pages back from there; `cursor` is where the poll continues.
 */
export async function listMessages(
  db: Database,
  mediaUrls: MediaUrlSigner,
  viewer: Viewer,
  conversationId: string,
  page: { limit: number; before?: string; page?: number },
): Promise<MessagePage> {
  const skip = ((page.page ?? 1) - 1) * page.limit;
  const before = page.before === undefined ? null : await historyCursor(db, viewer.organizationId, conversationId, page.before);
  const feed = await readHistory(db, viewer, conversationId, { before, skip, limit: page.limit + 1 });
  if (!feed) throw notFound(CONVERSATION_NOT_FOUND);
  return {
    data: feed.messages.slice(0, page.limit).map((row) => messageOf(row, viewer.organizationId, mediaUrls)),
    hasMore: feed.messages.length > page.limit,
    cursor: feed.lastSeq,
  };
}

/**
 * Every message stored after `cursor` and every earlier one that changed since (a status, a failure),
 * oldest change first, each once, with the cursor to continue from: the conversation's counter, or,
 * when there were more changes than one answer holds, the last change answered. `head` is the
 * conversation as the session lookup read it (null when it did not): a poll at its counter is answered
 * from it; any other reads the changes in one query.
 */
export async function pollMessages(
  db: Database,
  mediaUrls: MediaUrlSigner,
  viewer: Viewer,
  conversationId: string,
  after: { cursor?: number; lastMessageId?: string },
  head: ConversationHead | null,
): Promise<MessagePollResponse> {
  // Most polls find nothing new: the conversation's head, read with the session, says so.
  if (after.cursor !== undefined && head?.id === conversationId) {
    if (!sees(viewer, head)) throw notFound(CONVERSATION_NOT_FOUND);
    if (head.lastSeq === after.cursor) return { messages: [], cursor: head.lastSeq };
  }
  const feed = await readChanges(db, viewer, conversationId, { cursor: after.cursor ?? null, lastMessageId: after.lastMessageId ?? null });
  if (!feed) throw notFound(CONVERSATION_NOT_FOUND);
  const last = feed.messages.at(-1);
  return {
    messages: feed.messages.map((row) => messageOf(row, viewer.organizationId, mediaUrls)),
    cursor: last && feed.messages.length >= POLL_LIMIT ? Number(last.changeSeq) : feed.lastSeq,
  };
}

