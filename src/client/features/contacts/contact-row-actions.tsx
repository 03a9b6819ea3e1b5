import ChatOutlinedIcon from '@mui/icons-material/ChatOutlined';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import RestoreFromTrashOutlinedIcon from '@mui/icons-material/RestoreFromTrashOutlined';
import StickyNote2OutlinedIcon from '@mui/icons-material/StickyNote2Outlined';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { Contact } from '@shared/api/contacts';
import { contactDisplayName } from '@client/components/contacts/contact-name';

/** What the signed-in member may do with a row; the screen works it out from the session. */
export interface ContactRowAbilities {
  chat: boolean;
  edit: boolean;
  delete: boolean;
}

export interface ContactRowHandlers {
  onChat: (contact: Contact) => void;
  onNotes: (contact: Contact) => void;
  onEdit: (contact: Contact) => void;
  onDelete: (contact: Contact) => void;
  onRestore: (contact: Contact) => void;
}

const NOTES_BADGE_MAX = 99;

/**
 * The notes count as the badge shows it. The badge is the button's visible text, so the button's
 * name must contain it verbatim (a speech-input user says what they see).
 */
function notesBadge(count: number): string {
  return count > NOTES_BADGE_MAX ? `${NOTES_BADGE_MAX}+` : String(count);
}

/** Start chat, notes (with the count), edit, delete; a deleted row offers only Restore. */
export function ContactRowActions({ contact, can, handlers }: { contact: Contact; can: ContactRowAbilities; handlers: ContactRowHandlers }) {
  const label = contactDisplayName(contact);
  if (contact.deletedAt) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
        {can.delete && (
          <Tooltip title="Restore">
            <IconButton size="small" color="success" aria-label={`Restore ${label}`} onClick={() => handlers.onRestore(contact)}>
              <RestoreFromTrashOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
      {can.chat && (
        <Tooltip title="Start chat">
          <IconButton size="small" color="primary" aria-label={`Start chat with ${label}`} onClick={() => handlers.onChat(contact)}>
            <ChatOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <Tooltip title="Notes">
        <IconButton size="small" aria-label={`Notes of ${label}: ${notesBadge(contact._count.notes)}`} onClick={() => handlers.onNotes(contact)}>
          <Badge badgeContent={contact._count.notes} color="primary" max={NOTES_BADGE_MAX}>
            <StickyNote2OutlinedIcon fontSize="small" />
          </Badge>
        </IconButton>
      </Tooltip>
      {can.edit && (
        <Tooltip title="Edit">
          <IconButton size="small" aria-label={`Edit ${label}`} onClick={() => handlers.onEdit(contact)}>
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {can.delete && (
        <Tooltip title="Delete">
          <IconButton size="small" color="error" aria-label={`Delete ${label}`} onClick={() => handlers.onDelete(contact)}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}
