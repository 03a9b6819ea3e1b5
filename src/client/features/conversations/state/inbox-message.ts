import type { Message } from '@shared/api/conversations';

/** A message written here and shown at once, before the server stored it: no seq or sort key yet, its clientId as its id. */
export type OptimisticMessage = Omit<Message, 'seq' | 'sortKey' | 'clientId'> & { seq: null; sortKey: null; clientId: string };

/** A message as the inbox holds it: a stored one, or an optimistic one not stored yet. */
export type InboxMessage = Message | OptimisticMessage;

/**
 * A message's key in the inbox: its clientId when it has one, so the optimistic message and the stored
 * one (whether the send's answer or a poll brings it first) are the same entity and never two bubbles.
 */
export function messageKey(message: InboxMessage): string {
  return message.clientId ?? message.id;
}

/**
 * Stored messages are ordered by the sort key the server gave them: the customer's order (their WhatsApp
 * timestamp), creation for the team's messages, then arrival; a late webhook lands in its place. Sort
 * keys are fixed-width digits, so here and in the segments plain string comparison is their order.
 */
export function bySortKey(a: Message, b: Message): number {
  if (a.sortKey === b.sortKey) return 0;
  return a.sortKey < b.sortKey ? -1 : 1;
}

/** Optimistic messages, shown after every stored one, are ordered as they were written. */
export function byCreation(a: OptimisticMessage, b: OptimisticMessage): number {
  return a.createdAt.localeCompare(b.createdAt);
}
