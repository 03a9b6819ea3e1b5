import type { AlertServices, DesktopNotification } from '@client/api/alert-services';
import { contactDisplayName } from '@client/components/contacts/contact-name';
import type { Conversation } from '@shared/api/conversations';
import type { MemberPreferences } from '@shared/api/member-preferences';
import { previewText } from '../format/message-text';

/** A burst across many conversations shows a few notifications, not a wall of them. */
const MAX_NOTIFICATIONS = 3;

/** One sound for the batch, and its notifications (a few at most), as the member's switches say. */
export function ring(alerts: AlertServices, switches: MemberPreferences, notifications: readonly DesktopNotification[]): void {
  if (notifications.length === 0) return;
  if (switches.sound) alerts.playSound();
  if (!switches.desktopNotifications) return;
  for (const notification of notifications.slice(0, MAX_NOTIFICATIONS)) alerts.showNotification(notification);
}

/**
 * A new customer message: the contact and a short preview. Each conversation has one tag, so a later
 * message replaces its notification rather than stacking another.
 */
export function messageNotification(conversation: Conversation, onOpen: (conversation: Conversation) => void): DesktopNotification {
  return {
    title: contactDisplayName(conversation.contact),
    body: conversation.lastMessage ? previewText(conversation.lastMessage) : 'New message',
    tag: `parley-conversation-${conversation.id}`,
    onClick: () => onOpen(conversation),
  };
}

/**
 * A note that mentions the member: the contact when the list shows the conversation (a click opens it),
 * else only that it happened (a click brings the tab forward; the Mentions filter lists it).
 */
export function mentionNotification(
  conversationId: string,
  shown: Conversation | undefined,
  onOpen: (conversation: Conversation) => void,
): DesktopNotification {
  return {
    title: shown ? contactDisplayName(shown.contact) : 'Parley',
    body: 'You were mentioned in a note',
    tag: `parley-mention-${conversationId}`,
    onClick: () => shown && onOpen(shown),
  };
}
