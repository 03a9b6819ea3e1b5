import { WINDOW_CLOSED_MESSAGE, type Conversation } from '@shared/api/conversations';
import { STANDARD_WINDOW_HOURS } from '@shared/constants';

/**
 * The customer-service window: free-form messages may be sent only while it is open, 24 hours from the
 * customer's latest message whatever the entry point (WHATSAPP.md §9). No expiry means the customer never
 * wrote (no window); an expiry in the past means it closed. Either way only an approved template can be
 * sent. `freeUntil` is Meta's free-entry-point window while it runs (messages are free, it does not open
 * the window), apart from it.
 */
export type ConversationWindow =
  | { state: 'none' }
  | { state: 'closed'; freeUntil: Date | null }
  | { state: 'open'; msLeft: number; freeUntil: Date | null };

type WindowFields = Pick<Conversation, 'conversationWindowExpiresAt' | 'freeEntryPointExpiresAt'>;

export function conversationWindow(conversation: WindowFields, now: Date): ConversationWindow {
  if (!conversation.conversationWindowExpiresAt) return { state: 'none' };
  const msLeft = new Date(conversation.conversationWindowExpiresAt).getTime() - now.getTime();
  const freeEnd = conversation.freeEntryPointExpiresAt ? new Date(conversation.freeEntryPointExpiresAt) : null;
  const freeUntil = freeEnd && freeEnd.getTime() > now.getTime() ? freeEnd : null;
  return msLeft > 0 ? { state: 'open', msLeft, freeUntil } : { state: 'closed', freeUntil };
}

/** '5h 12m', '45m', or '<1m' in the last minute. */
export function timeLeft(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return '<1m';
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours}h ${minutes % 60}m` : `${minutes}m`;
}

/** The window in a few words: 'Window open · 5h 12m left', 'Window closed', 'No active window'. */
export function windowLabel(window: ConversationWindow): string {
  switch (window.state) {
    case 'open':
      return `Window open · ${timeLeft(window.msLeft)} left`;
    case 'closed':
      return 'Window closed';
    case 'none':
      return 'No active window';
  }
}

/** What kind of window it is: always the '24-hour window' (a free entry point does not widen it). */
export function windowKind(window: ConversationWindow): string | null {
  if (window.state === 'none') return null;
  return `${STANDARD_WINDOW_HOURS}-hour window`;
}

const FREE_UNTIL_FORMAT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** 'Free messages until Mar 22, 2026, 3:30 PM' while a free-entry-point window runs, else null. */
export function freeMessagesNote(window: ConversationWindow): string | null {
  if (window.state === 'none' || !window.freeUntil) return null;
  return `Free messages until ${FREE_UNTIL_FORMAT.format(window.freeUntil)}`;
}

/** Why the composer is disabled, for the banner above it. */
export function closedWindowMessage(window: Exclude<ConversationWindow, { state: 'open' }>): string {
  if (window.state === 'none') {
    return 'No active conversation window: the customer has not written yet, so only an approved template can be sent';
  }
  return WINDOW_CLOSED_MESSAGE;
}
