import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import StickyNote2OutlinedIcon from '@mui/icons-material/StickyNote2Outlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState, type ReactNode } from 'react';
import { useGetContactQuery } from '@client/api/contacts-endpoints';
import { ContactAvatar } from '@client/components/contacts/contact-avatar';
import { contactDisplayName, contactPhone } from '@client/components/contacts/contact-name';
import { NotesDialog } from '@client/components/notes/notes-dialog';
import { TagChip } from '@client/components/tags/tag-chip';
import { useSession } from '@client/session/use-session';
import type { Conversation } from '@shared/api/conversations';
import { freeMessagesNote, windowKind, windowLabel, type ConversationWindow } from '../chat/conversation-window';
import { StatusChip } from '../format/status-chip';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="div" sx={{ mb: 2 }}>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block', textTransform: 'uppercase', letterSpacing: 0.5 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

export interface ContactInfoPaneProps {
  conversation: Conversation;
  window: ConversationWindow;
  /** Phones: back to the conversation. */
  onBack?: () => void;
}

/** The right pane: who the customer is, the window, status and assignee, and their notes. */
export function ContactInfoPane({ conversation, window, onBack }: ContactInfoPaneProps) {
  const { can } = useSession();
  const { contact } = conversation;
  const [notesOpen, setNotesOpen] = useState(false);
  // The notes dialog takes the whole contact: read it when the notes are asked for.
  const full = useGetContactQuery(notesOpen ? contact.id : skipToken);
  const kind = windowKind(window);
  const free = freeMessagesNote(window);

  return (
    <Box sx={{ height: '100%', overflowY: 'auto', p: 2 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
        {onBack && (
          <IconButton aria-label="Back to conversation" onClick={onBack} edge="start">
            <ArrowBackIcon />
          </IconButton>
        )}
        <Typography variant="h6" component="h2">
          Contact info
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
        <ContactAvatar contact={contact} />
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }} noWrap>
            {contactDisplayName(contact)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {contactPhone(contact)}
          </Typography>
        </Box>
      </Box>
      <Box component="dl" sx={{ m: 0 }}>
        <Field label="Tags">
          {contact.tags.length === 0 ? (
            <Typography component="span" color="text.secondary">
              No tags
            </Typography>
          ) : (
            <Box component="span" sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
              {contact.tags.map(({ tag }) => (
                <TagChip key={tag.id} name={tag.name} color={tag.color} />
              ))}
            </Box>
          )}
        </Field>
        <Field label="Conversation window">
          {windowLabel(window)}
          {kind && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {kind}
            </Typography>
          )}
          {free && (
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {free}
            </Typography>
          )}
        </Field>
        <Field label="Status">
          <StatusChip status={conversation.status} />
        </Field>
        <Field label="Assigned to">{conversation.assignedTo ?? 'Unassigned'}</Field>
      </Box>
      {contact.deletedAt && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          This contact was deleted.
        </Alert>
      )}
      {can('contacts:view') && (
        <Button
          variant="outlined"
          startIcon={<StickyNote2OutlinedIcon />}
          onClick={() => setNotesOpen(true)}
          loading={notesOpen && full.isFetching && !full.data}
        >
          Notes
        </Button>
      )}
      {notesOpen && full.isError && (
        <Alert severity="error" sx={{ mt: 1 }} onClose={() => setNotesOpen(false)}>
          Failed to load the contact&apos;s notes
        </Alert>
      )}
      <NotesDialog contact={notesOpen && full.data ? full.data : null} onClose={() => setNotesOpen(false)} />
    </Box>
  );
}
