import { SORT_KEY_DIGITS, type Message } from '@shared/api/conversations';

/**
 * The sortKey the server would give a message (messages.sort_key: the second it was sent for an inbound
 * message, of its creation for the rest, times 2^31, plus its seq), so fixtures order as stored ones do.
 */
export function sortKeyOf(message: Pick<Message, 'direction' | 'sentAt' | 'createdAt' | 'seq'>): string {
  const at = message.direction === 'inbound' ? message.sentAt : message.createdAt;
  const seconds = BigInt(Math.floor(Date.parse(at) / 1000));
  return (seconds * 2n ** 31n + BigInt(message.seq)).toString().padStart(SORT_KEY_DIGITS, '0');
}

/** A fixture message with the sortKey its time and seq give it, unless it names one. */
export function withSortKey(message: Omit<Message, 'sortKey'> & { sortKey?: string }): Message {
  return { ...message, sortKey: message.sortKey ?? sortKeyOf(message) };
}
