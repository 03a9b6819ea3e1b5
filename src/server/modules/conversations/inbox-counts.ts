import { CONVERSATION_STATUSES, type AssignmentCounts, type ConversationFilter, type ConversationStatus, type StatusCounts } from '@shared/api/conversations';
import type { CountCell, CountScope } from './inbox-counts-repository';
import type { Viewer } from './viewer';

/** Whether a list (`filter`) of the viewer's holds the conversations of `assigneeId`: the rule of `scopeOf`. */
function inList(viewer: Viewer, filter: ConversationFilter, assigneeId: string | null): boolean {
  switch (filter) {
    case 'mine':
      return assigneeId === viewer.userId;
    case 'unassigned':
      return assigneeId === null;
    case 'all':
      return viewer.seesAll || assigneeId === null || assigneeId === viewer.userId;
  }
}

/** The conversations the viewer's counts are taken from: every one they may see. */
export function countScopeOf(viewer: Viewer): CountScope {
  return { organizationId: viewer.organizationId, userId: viewer.seesAll ? null : viewer.userId };
}

const sum = (cells: CountCell[], of: (cell: CountCell) => number) => cells.reduce((total, cell) => total + of(cell), 0);

/** The list's conversations in each status, and the unread ones among all the viewer sees (the tab title shows them, whatever the filter). */
export function statusCountsOf(cells: CountCell[], viewer: Viewer, filter: ConversationFilter): StatusCounts {
  const listed = cells.filter((cell) => inList(viewer, filter, cell.assigneeId));
  const byStatus = Object.fromEntries(CONVERSATION_STATUSES.map((status) => [status, sum(listed.filter((cell) => cell.status === status), (cell) => cell.conversations)])) as Record<ConversationStatus, number>;
  const unread = sum(cells.filter((cell) => inList(viewer, 'all', cell.assigneeId)), (cell) => cell.unread);
  return { all: byStatus.open + byStatus.in_progress + byStatus.resolved, ...byStatus, unread };
}

/** The organization's conversations (in a status, if given): all, the user's, and the unassigned ones. */
export function assignmentCountsOf(cells: CountCell[], userId: string, status: ConversationStatus | undefined): AssignmentCounts {
  const inStatus = cells.filter((cell) => status === undefined || cell.status === status);
  return {
    all: sum(inStatus, (cell) => cell.conversations),
    mine: sum(inStatus.filter((cell) => cell.assigneeId === userId), (cell) => cell.conversations),
    unassigned: sum(inStatus.filter((cell) => cell.assigneeId === null), (cell) => cell.conversations),
  };
}
