import type { AlertServices } from '@client/api/alert-services';
import { contactDisplayName } from '@client/components/contacts/contact-name';
import type { Conversation } from '@shared/api/conversations';
import type { MemberPreferences } from '@shared/api/member-preferences';
import { previewText } from '../format/message-text';

/** A burst across many conversations shows a few notifications, not a wall of them. */
const MAX_NOTIFICATIONS = 3;

/** One sound for the batch, and a notification per conversation (its contact and a short preview), as the switches say. */
export function ringFor(
  alerts: AlertServices,
  switches: MemberPreferences,
  conversations: readonly Conversation[],
  onOpen: (conversation: Conversation) => void,
): void {
  if (conversations.length === 0) return;
  if (switches.sound) alerts.playSound();
  if (!switches.desktopNotifications) return;
  for (const conversation of conversations.slice(0, MAX_NOTIFICATIONS)) {
    alerts.showNotification({
      title: contactDisplayName(conversation.contact),
      body: conversation.lastMessage ? previewText(conversation.lastMessage) : 'New message',
      // The conversation's tag: a later message replaces its notification rather than stacking another.
      tag: `parley-conversation-${conversation.id}`,
      onClick: () => onOpen(conversation),
    });
  }
}
