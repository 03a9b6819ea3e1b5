import { MESSAGE_GROUPING_MS } from '@shared/constants';
import type { InboxMessage } from '../state/message-cache';

export interface GroupedMessage {
  /** The entity key (clientId or id): stable from the optimistic bubble to the stored message. */
  key: string;
  message: InboxMessage;
  /** First of a run of same-direction messages each within 5 minutes of the one before. */
  startsGroup: boolean;
  endsGroup: boolean;
}

function joins(previous: InboxMessage | undefined, next: InboxMessage | undefined): boolean {
  if (!previous || !next || previous.direction !== next.direction) return false;
  return Math.abs(new Date(next.sentAt).getTime() - new Date(previous.sentAt).getTime()) <= MESSAGE_GROUPING_MS;
}

/** Messages in order, each told whether it opens or closes its bubble group. */
export function groupMessages(keys: readonly string[], entities: Readonly<Record<string, InboxMessage | undefined>>): GroupedMessage[] {
  const messages = keys.flatMap((key) => {
    const message = entities[key];
    return message ? [{ key, message }] : [];
  });
  return messages.map(({ key, message }, i) => ({
    key,
    message,
    startsGroup: !joins(messages[i - 1]?.message, message),
    endsGroup: !joins(message, messages[i + 1]?.message),
  }));
}
