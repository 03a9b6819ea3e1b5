import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import HistoryIcon from '@mui/icons-material/History';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { NOTE_CREDIT_NAMES, type ContactNote } from '@shared/api/notes';
import { noteTimeLabel } from '@shared/format/note-time-label';

export interface NoteItemProps {
  note: ContactNote;
  now: Date;
  /** Edit and delete show only on the member's own notes (the server enforces it too). */
  mine: boolean;
  onEdit: (note: ContactNote) => void;
  onDelete: (note: ContactNote) => void;
  /** Replaces the text while the note is being edited. */
  editor?: ReactNode;
}

/** One entry of the timeline: a written note, or an activity entry (created, tags, import, delete, restore). */
export function NoteItem({ note, now, mine, onEdit, onDelete, editor }: NoteItemProps) {
  const system = note.type === 'system';
  const edited = new Date(note.updatedAt).getTime() - new Date(note.createdAt).getTime() > 1000;
  const author = note.credit ? NOTE_CREDIT_NAMES[note.credit] : (note.user?.name ?? 'Former member');
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1.5, py: 1.25, listStyle: 'none' }} aria-label={system ? 'Activity' : `Note by ${author}`}>
      <Avatar sx={{ width: 32, height: 32, fontSize: 14, bgcolor: system ? 'action.selected' : 'primary.main', color: system ? 'text.secondary' : undefined }}>
        {system ? <HistoryIcon fontSize="small" /> : author.charAt(0).toUpperCase()}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        {editor ?? (
          <Typography
            variant="body2"
            sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', color: system ? 'text.secondary' : 'text.primary', fontStyle: system ? 'italic' : 'normal' }}
          >
            {note.content}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary">
          {author} · <time dateTime={note.createdAt} title={new Date(note.createdAt).toLocaleString()}>{noteTimeLabel(note.createdAt, now)}</time>
          {edited && ' · edited'}
        </Typography>
      </Box>
      {mine && !system && !editor && (
        <Box sx={{ display: 'flex', alignItems: 'flex-start' }}>
          <Tooltip title="Edit note">
            <IconButton size="small" aria-label="Edit note" onClick={() => onEdit(note)}>
              <EditOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Delete note">
            <IconButton size="small" color="error" aria-label="Delete note" onClick={() => onDelete(note)}>
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      )}
    </Box>
  );
}
