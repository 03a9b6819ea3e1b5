import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { Conversation } from '@shared/api/conversations';
import { contactDisplayName, contactPhone } from '@client/components/contacts/contact-name';
import { StatusChip } from '../format/status-chip';
import { AssignDialog } from './assign-dialog';
import { freeMessagesNote, windowLabel, type ConversationWindow } from './conversation-window';
import type { ConversationActions } from './use-conversation-actions';

export interface ChatHeaderProps {
  conversation: Conversation;
  window: ConversationWindow;
  actions: ConversationActions;
  /** Phones: back to the list. */
  onBack?: () => void;
  infoOpen: boolean;
  onToggleInfo: () => void;
}

/** The open conversation's contact, window, status actions and assignment. */
export function ChatHeader({ conversation, window, actions, onBack, infoOpen, onToggleInfo }: ChatHeaderProps) {
  const [assignOpen, setAssignOpen] = useState(false);
  const { contact, status } = conversation;
  const name = contactDisplayName(contact);
  const number = contactPhone(contact);
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, pt: 1 }}>
        {onBack && (
          <IconButton aria-label="Back to conversations" onClick={onBack} edge="start">
            <ArrowBackIcon />
          </IconButton>
        )}
        <Box sx={{ minWidth: 0, flexGrow: 1 }}>
          <Typography variant="h6" component="h2" noWrap>
            {name}
          </Typography>
          {/* Wraps rather than cut the time left on narrow screens. */}
          <Typography variant="body2" color="text.secondary">
            {name !== number && `${number} · `}
            <Box component="span" sx={{ color: window.state === 'open' ? 'success.main' : 'warning.main', fontWeight: 600 }}>
              {windowLabel(window)}
            </Box>
            {freeMessagesNote(window) && ` · ${freeMessagesNote(window)}`}
          </Typography>
        </Box>
        <IconButton aria-label="Contact info" aria-pressed={infoOpen} onClick={onToggleInfo}>
          <InfoOutlinedIcon />
        </IconButton>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, px: 1.5, pt: 0.75, pb: 1 }}>
        {status === 'resolved' ? (
          <>
            <Chip color="success" label="Resolved" size="small" />
            {actions.canManage && (
              <Button size="small" variant="outlined" disabled={actions.busy} onClick={() => void actions.setStatus('open')}>
                Reopen
              </Button>
            )}
          </>
        ) : (
          <>
            {!actions.canManage && <StatusChip status={status} />}
            {actions.canManage && status === 'open' && (
              <Button size="small" variant="outlined" disabled={actions.busy} onClick={() => void actions.setStatus('in_progress')}>
                Mark as In Progress
              </Button>
            )}
            {actions.canManage && (
              <Button size="small" variant="contained" color="success" disabled={actions.busy} onClick={() => void actions.setStatus('resolved')}>
                Mark as Resolved
              </Button>
            )}
          </>
        )}
        {!actions.canAssign && actions.canTake && (
          <Button size="small" variant="outlined" disabled={actions.busy} onClick={() => void actions.assignToMe()}>
            Assign to me
          </Button>
        )}
        {actions.canAssign && (
          <>
            <Button size="small" variant="outlined" disabled={actions.busy} onClick={() => setAssignOpen(true)}>
              Assign
            </Button>
            {conversation.assignedToId && (
              <Button size="small" color="inherit" disabled={actions.busy} onClick={() => void actions.unassign()}>
                Unassign
              </Button>
            )}
          </>
        )}
      </Box>
      {actions.failure && !assignOpen && (
        <Alert severity="error" onClose={actions.dismissFailure} sx={{ mx: 1.5, mb: 1 }}>
          {actions.failure.text}
          {actions.failure.detail && `: ${actions.failure.detail}`}
        </Alert>
      )}
      {actions.canAssign && (
        <AssignDialog
          open={assignOpen}
          failure={assignOpen ? actions.failure : null}
          onAssign={actions.assign}
          onClose={() => {
            setAssignOpen(false);
            actions.dismissFailure();
          }}
        />
      )}
    </Box>
  );
}
