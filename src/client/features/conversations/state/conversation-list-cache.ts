import { createEntityAdapter, type EntityState } from '@reduxjs/toolkit';
import type { Conversation, ConversationBatch, ConversationFilter, ConversationPage, ConversationStatus } from '@shared/api/conversations';

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
const newestFirst = (a: Conversation, b: Conversation) => activityOf(b).localeCompare(activityOf(a)) || b.id.localeCompare(a.id);

export const conversationsAdapter = createEntityAdapter<Conversation, string>({
  selectId: (conversation) => conversation.id,
  sortComparer: newestFirst,
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

/**
 * Whether a conversation the member may see belongs in a list, judged here from its fields: the list's
 * assignment and status. A search or the Mentions filter is the server's to judge: null.
 */
function belongsTo(args: ConversationListArgs, conversation: Conversation, userId: string): boolean | null {
  if (args.status && conversation.status !== args.status) return false;
  if (args.filter === 'mine' && conversation.assignedToId !== userId) return false;
  if (args.filter === 'unassigned' && conversation.assignedToId !== null) return false;
  return args.search || args.mentioned ? null : true;
}

/** Whether a conversation the list does not hold sorts within the rows it has loaded (all of them once nothing is left to load). */
function withinLoaded(list: ConversationList, conversation: Conversation): boolean {
  const last = list.ids.at(-1);
  return !list.hasNext || (last !== undefined && newestFirst(conversation, list.entities[last]) < 0);
}

/**
 * Merges the answer to live nudges into a loaded list, on a draft: a held row is updated in place and
 * moved to its place by the list's order, or removed when it no longer belongs or came back missing; a
 * conversation that now belongs within the loaded rows is added. Answers whether the list may lack one
 * it cannot judge (a search or Mentions list), which only a refetch can tell.
 */
export function mergeNudged(list: ConversationList, args: ConversationListArgs, batch: ConversationBatch, userId: string): boolean {
  let unjudged = false;
  const remove = (id: string) => {
    if (!list.entities[id]) return;
    conversationsAdapter.removeOne(list, id);
    list.total -= 1;
  };
  for (const conversation of batch.data) {
    const belongs = belongsTo(args, conversation, userId);
    const held = list.entities[conversation.id] !== undefined;
    if (belongs === false) remove(conversation.id);
    else if (held) conversationsAdapter.setOne(list, conversation);
    else if (belongs === null) unjudged = true;
    else if (withinLoaded(list, conversation)) {
      conversationsAdapter.addOne(list, conversation);
      list.total += 1;
    }
  }
  for (const id of batch.missing) remove(id);
  return unjudged;
}
