import PersonOutlinedIcon from '@mui/icons-material/PersonOutlined';
import Box from '@mui/material/Box';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { memo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@client/app/paths';
import { ContactAvatar } from '@client/components/contacts/contact-avatar';
import { contactDisplayName } from '@client/components/contacts/contact-name';
import { VisuallyHidden } from '@client/components/visually-hidden';
import type { Conversation } from '@shared/api/conversations';
import { relativeTime } from '@shared/format/relative-time';
import { previewText, unreadLabel } from '../format/message-text';
import { StatusChip } from '../format/status-chip';
import type { OpenedConversationState } from '../use-open-conversation';

export interface ConversationRowProps {
  conversation: Conversation;
  selected: boolean;
  now: Date;
  onOpen: (conversation: Conversation) => void;
}

/** One row of the list: a link to the conversation with its contact, last message, time, unread count, status and assignee. */
export const ConversationRow = memo(function ConversationRow({ conversation, selected, now, onOpen }: ConversationRowProps) {
  const { contact, lastMessage, unreadCount } = conversation;
  const name = contactDisplayName(contact);
  const at = conversation.lastMessageAt ?? lastMessage?.sentAt ?? null;
  const unread = unreadCount > 0;
  return (
    <ListItemButton
      component={RouterLink}
      to={paths.conversation(contact.id)}
      state={{ conversationId: conversation.id } satisfies OpenedConversationState}
      onClick={() => onOpen(conversation)}
      selected={selected}
      aria-current={selected ? 'page' : undefined}
      sx={{ alignItems: 'flex-start', gap: 1.5, py: 1.25, borderBottom: 1, borderColor: 'divider' }}
    >
      <ContactAvatar contact={contact} sx={{ width: 36, height: 36, fontSize: 15 }} />
      <Box sx={{ minWidth: 0, flexGrow: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
          <Typography noWrap sx={{ flexGrow: 1, fontWeight: unread ? 700 : 500 }}>{name}</Typography>
          {at && (
            <Typography component="time" dateTime={at} variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
              {relativeTime(at, now)}
            </Typography>
          )}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography variant="body2" color="text.secondary" noWrap sx={{ flexGrow: 1, fontWeight: unread ? 600 : 400 }}>
            {lastMessage ? previewText(lastMessage) : 'No messages yet'}
          </Typography>
          {unread && (
            <Box
              component="span"
              sx={{ flexShrink: 0, minWidth: 20, px: 0.75, borderRadius: 10, bgcolor: 'primary.main', color: 'primary.contrastText', fontSize: 12, fontWeight: 700, textAlign: 'center', lineHeight: '20px' }}
            >
              {unreadLabel(unreadCount)}
              <VisuallyHidden> unread</VisuallyHidden>
            </Box>
          )}
        </Box>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
          <StatusChip status={conversation.status} />
          <Typography variant="caption" color="text.secondary" noWrap sx={{ display: 'flex', alignItems: 'center', gap: 0.25 }}>
            <PersonOutlinedIcon sx={{ fontSize: 14 }} aria-hidden />
            {conversation.assignedTo ?? 'Unassigned'}
          </Typography>
        </Box>
      </Box>
    </ListItemButton>
  );
});
