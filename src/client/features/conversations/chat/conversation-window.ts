import { WINDOW_CLOSED_MESSAGE, type Conversation } from '@shared/api/conversations';
import { FREE_ENTRY_POINT_WINDOW_HOURS, STANDARD_WINDOW_HOURS } from '@shared/constants';

/**
 * The customer-service window: free-form messages may be sent only while it is open. No expiry means
 * the customer never wrote (no window); an expiry in the past means it closed. Either way only an
 * approved template can be sent.
 */
export type ConversationWindow =
  | { state: 'none' }
  | { state: 'closed'; hours: number }
  | { state: 'open'; hours: number; msLeft: number };

type WindowFields = Pick<Conversation, 'conversationWindowExpiresAt' | 'isFreeEntryPoint'>;

export function conversationWindow(conversation: WindowFields, now: Date): ConversationWindow {
  const hours = conversation.isFreeEntryPoint ? FREE_ENTRY_POINT_WINDOW_HOURS : STANDARD_WINDOW_HOURS;
  if (!conversation.conversationWindowExpiresAt) return { state: 'none' };
  const msLeft = new Date(conversation.conversationWindowExpiresAt).getTime() - now.getTime();
  return msLeft > 0 ? { state: 'open', hours, msLeft } : { state: 'closed', hours };
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

/** What kind of window it is: '24-hour window' or '72-hour free entry point window'. */
export function windowKind(window: ConversationWindow): string | null {
  if (window.state === 'none') return null;
  return window.hours === FREE_ENTRY_POINT_WINDOW_HOURS ? `${window.hours}-hour free entry point window` : `${window.hours}-hour window`;
}

/** Why the composer is disabled, for the banner above it. */
export function closedWindowMessage(window: Exclude<ConversationWindow, { state: 'open' }>): string {
  if (window.state === 'none') {
    return 'No active conversation window: the customer has not written yet, so only an approved template can be sent';
  }
  return WINDOW_CLOSED_MESSAGE.replace(`${STANDARD_WINDOW_HOURS}-hour`, `${window.hours}-hour`);
}
