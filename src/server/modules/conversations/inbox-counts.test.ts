/** @jest-environment node */
import { assignmentCountsOf, statusCountsOf } from './inbox-counts';
import type { CountCell } from './inbox-counts-repository';

/** The inbox's counts derived from one organization's cells: each member's and each filter's share. */

const me = 'user-me';
const colleague = 'user-colleague';
const cells: CountCell[] = [
  { assigneeId: me, status: 'open', conversations: 2, unread: 1 },
  { assigneeId: me, status: 'resolved', conversations: 5, unread: 0 },
  { assigneeId: colleague, status: 'open', conversations: 7, unread: 4 },
  { assigneeId: null, status: 'open', conversations: 3, unread: 3 },
  { assigneeId: null, status: 'in_progress', conversations: 1, unread: 0 },
];
const agent = { organizationId: 'org', userId: me, seesAll: false };
const supervisor = { ...agent, seesAll: true };

describe('inbox counts', () => {
  it('counts a member without chats:view_all over their own and the unassigned conversations only', () => {
    expect(statusCountsOf(cells, agent, 'all')).toEqual({ all: 11, open: 5, in_progress: 1, resolved: 5, unread: 4 });
  });

  it('counts every conversation for chats:view_all', () => {
    expect(statusCountsOf(cells, supervisor, 'all')).toEqual({ all: 18, open: 12, in_progress: 1, resolved: 5, unread: 8 });
  });

  it('narrows the statuses to the filter but keeps the unread total over everything the member sees', () => {
    expect(statusCountsOf(cells, supervisor, 'mine')).toEqual({ all: 7, open: 2, in_progress: 0, resolved: 5, unread: 8 });
    expect(statusCountsOf(cells, agent, 'unassigned')).toEqual({ all: 4, open: 3, in_progress: 1, resolved: 0, unread: 4 });
  });

  it('splits by assignment, in a status or in all', () => {
    expect(assignmentCountsOf(cells, me, undefined)).toEqual({ all: 18, mine: 7, unassigned: 4 });
    expect(assignmentCountsOf(cells, me, 'open')).toEqual({ all: 12, mine: 2, unassigned: 3 });
  });
});
