import { isSameDay } from 'date-fns';
import { MESSAGE_GROUPING_MS } from '@shared/constants';
import type { InboxMessage } from '../state/inbox-message';

export interface GroupPosition {
  /** First of a run of same-direction messages on one day, each within 5 minutes of the one before. */
  startsGroup: boolean;
  endsGroup: boolean;
  /** First message of its calendar day among those held: a date separator goes above it. */
  startsDay: boolean;
}

function sameDay(previous: InboxMessage | undefined, next: InboxMessage | undefined): boolean {
  return previous !== undefined && next !== undefined && isSameDay(new Date(previous.sentAt), new Date(next.sentAt));
}

function joins(previous: InboxMessage | undefined, next: InboxMessage | undefined): boolean {
  if (!previous || !next || previous.direction !== next.direction || !sameDay(previous, next)) return false;
  return Math.abs(new Date(next.sentAt).getTime() - new Date(previous.sentAt).getTime()) <= MESSAGE_GROUPING_MS;
}

/**
 * Where the message at `index` of the ordered `messages` sits in its bubble group and its day. Worked
 * out from its neighbours when the row renders, so a long conversation only ever groups the rows in view.
 */
export function groupPosition(messages: readonly InboxMessage[], index: number): GroupPosition {
  const message = messages[index];
  return {
    startsGroup: !joins(messages[index - 1], message),
    endsGroup: !joins(message, messages[index + 1]),
    startsDay: !sameDay(messages[index - 1], message),
  };
}
