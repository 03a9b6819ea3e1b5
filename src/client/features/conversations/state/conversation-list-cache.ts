import { createEntityAdapter, type EntityState } from '@reduxjs/toolkit';
import type { Conversation, ConversationFilter, ConversationPage, ConversationStatus } from '@shared/api/conversations';

/** Which conversations one list shows; each combination is its own cache entry. */
export interface ConversationListArgs {
  filter: ConversationFilter;
  status?: ConversationStatus;
  search?: string;
  /** Only conversations where a thread note mentions the member (the Mentions filter). */
  mentioned?: true;
}

/** One list, normalized: the conversations by id, newest activity first, and how far it is loaded. */
export interface ConversationList extends EntityState<Conversation, string> {
  /** Pages of CONVERSATION_PAGE_SIZE the list covers; Load More adds one, a refresh reloads them all. */
  pages: number;
  hasNext: boolean;
  total: number;
}

function activityOf(conversation: Conversation): string {
  return conversation.lastMessageAt ?? conversation.createdAt;
}

/**
 * Newest activity first. ISO times of one format compare as strings; ties fall back to the id
 * (UUIDv7, time-ordered) so the order never depends on insertion.
 */
export const conversationsAdapter = createEntityAdapter<Conversation, string>({
  selectId: (conversation) => conversation.id,
  sortComparer: (a, b) => activityOf(b).localeCompare(activityOf(a)) || b.id.localeCompare(a.id),
});

export const conversationSelectors = conversationsAdapter.getSelectors();

export function listFromPage(page: ConversationPage, pages: number): ConversationList {
  return {
    ...conversationsAdapter.setAll(conversationsAdapter.getInitialState(), page.data),
    pages,
    hasNext: page.pagination.hasNext,
    total: page.pagination.total,
  };
}

/** Adds the next page to a loaded list, on a draft (a conversation on both pages, because the list moved, stays one row). */
export function appendPage(list: ConversationList, page: ConversationPage): void {
  conversationsAdapter.upsertMany(list, page.data);
  list.pages += 1;
  list.hasNext = page.pagination.hasNext;
  list.total = page.pagination.total;
}

/** The query string of a list request: empty filters are left out. */
export function listParams(args: ConversationListArgs, page: number, limit: number) {
  return {
    page,
    limit,
    filter: args.filter,
    ...(args.status && { status: args.status }),
    ...(args.search && { search: args.search }),
    ...(args.mentioned && { mentioned: 'me' }),
  };
}
