import { createNextState } from '@reduxjs/toolkit';
import type { Conversation, ConversationBatch } from '@shared/api/conversations';
import { conversation, minutesAgo, page } from '../testing/inbox-api';
import { conversationSelectors, listFromPage, mergeNudged, type ConversationList, type ConversationListArgs } from './conversation-list-cache';

const ME = 'me';
const at = (id: string, minutes: number, overrides: Partial<Conversation> = {}) => conversation({ id, lastMessageAt: minutesAgo(minutes), ...overrides });
const idsOf = (list: ConversationList) => conversationSelectors.selectIds(list);

/** The merge as the cache runs it, on a draft: the list after it, and whether it asks for a refetch. */
function merged(list: ConversationList, args: ConversationListArgs, batch: ConversationBatch): [ConversationList, boolean] {
  let unjudged = false;
  const next = createNextState(list, (draft) => {
    unjudged = mergeNudged(draft, args, batch, ME);
  });
  return [next, unjudged];
}

describe('merging the answer to nudges into a list', () => {
  const loaded = [at('a', 1), at('b', 10), at('c', 20)];

  it('adds a conversation that sorts within the loaded rows, never one past them while more are left to load', () => {
    const partial = listFromPage({ ...page(loaded, true), pagination: { ...page(loaded, true).pagination, total: 40 } }, 1);
    const [list] = merged(partial, { filter: 'all' }, { data: [at('new', 0), at('old', 30)], missing: [] });
    expect(idsOf(list)).toEqual(['new', 'a', 'b', 'c']);
    expect(list.total).toBe(41);

    const [complete] = merged(listFromPage(page(loaded), 1), { filter: 'all' }, { data: [at('old', 30)], missing: [] });
    expect(idsOf(complete)).toEqual(['a', 'b', 'c', 'old']);
  });

  it("takes a conversation out of a status list it left, and out of every list when it came back missing", () => {
    const [list] = merged(listFromPage(page(loaded), 1), { filter: 'all', status: 'open' }, { data: [at('b', 0, { status: 'resolved' })], missing: ['c'] });
    expect(idsOf(list)).toEqual(['a']);
    expect(list.total).toBe(1);
  });

  it('updates the rows of a search or Mentions list in place, and says when it may lack one only the server can judge', () => {
    for (const args of [{ filter: 'all', search: 'aisha' }, { filter: 'mine', mentioned: true }] satisfies ConversationListArgs[]) {
      const held = listFromPage(page(loaded.map((c) => ({ ...c, assignedToId: ME }))), 1);
      const [list, unjudged] = merged(held, args, { data: [at('c', 0, { assignedToId: ME, unreadCount: 3 })], missing: [] });
      expect(unjudged).toBe(false);
      expect(idsOf(list)).toEqual(['c', 'a', 'b']);
      expect(list.entities.c.unreadCount).toBe(3);
      const [after, lacking] = merged(list, args, { data: [at('elsewhere', 0, { assignedToId: ME })], missing: [] });
      expect(lacking).toBe(true);
      expect(idsOf(after)).toEqual(['c', 'a', 'b']);
    }
  });
});
