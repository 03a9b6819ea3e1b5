import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useAddNoteMutation, useDeleteNoteMutation, useGetNotesQuery, useUpdateNoteMutation } from '@client/api/notes-endpoints';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { contactName, contactPhone } from '@client/components/contacts/contact-name';
import { errorMessage } from '@client/components/error-message';
import { useToast } from '@client/components/toast/use-toast';
import { useNow } from '@client/components/use-now';
import { useSession } from '@client/session/use-session';
import type { Contact } from '@shared/api/contacts';
import type { ContactNote } from '@shared/api/notes';
import { NOTES_LIST_HEIGHT_PX, NOTES_PAGE_SIZE } from '@shared/constants';
import { NoteEditor } from './note-editor';
import { NoteItem } from './note-item';

/** Only one of adding or editing is open at a time. */
type Composer = { kind: 'none' } | { kind: 'add' } | { kind: 'edit'; noteId: string };

function NotesTimeline({ contact }: { contact: Contact }) {
  const { user, can } = useSession();
  const toast = useToast();
  // Every minute, so 'just now' grows into '1 minute ago' while the modal stays open.
  const now = useNow(60_000);
  const [limit, setLimit] = useState(NOTES_PAGE_SIZE);
  const [composer, setComposer] = useState<Composer>({ kind: 'none' });
  const [deleting, setDeleting] = useState<ContactNote | null>(null);
  const { data, isLoading, isError, isFetching } = useGetNotesQuery({ contactId: contact.id, limit });
  const [addNote] = useAddNoteMutation();
  const [updateNote] = useUpdateNoteMutation();
  const [deleteNote, { isLoading: isDeleting }] = useDeleteNoteMutation();
  const mayWrite = can('contacts:edit') && contact.deletedAt === null;

  async function add(content: string): Promise<boolean> {
    try {
      await addNote({ contactId: contact.id, content }).unwrap();
      toast.success('Success', 'Note added successfully');
      setComposer({ kind: 'none' });
      return true;
    } catch (error) {
      toast.error('Error', errorMessage(error, 'Failed to add note'));
      return false;
    }
  }

  async function update(noteId: string, content: string): Promise<boolean> {
    try {
      await updateNote({ contactId: contact.id, noteId, content }).unwrap();
      toast.success('Success', 'Note updated successfully');
      setComposer({ kind: 'none' });
      return true;
    } catch (error) {
      toast.error('Error', errorMessage(error, 'Failed to update note'));
      return false;
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await deleteNote({ contactId: contact.id, noteId: deleting.id }).unwrap();
      toast.success('Success', 'Note deleted successfully');
      setDeleting(null);
    } catch (error) {
      toast.error('Error', errorMessage(error, 'Failed to delete note'));
    }
  }

  const notes = data?.data ?? [];
  return (
    <>
      {mayWrite && (
        <Box sx={{ mb: 2 }}>
          {composer.kind === 'add' ? (
            <NoteEditor submitLabel="Add Note" onSave={add} onCancel={() => setComposer({ kind: 'none' })} />
          ) : (
            <Button startIcon={<AddIcon />} variant="outlined" size="small" onClick={() => setComposer({ kind: 'add' })}>
              Add Note
            </Button>
          )}
        </Box>
      )}
      <Divider />
      <Box sx={{ height: NOTES_LIST_HEIGHT_PX, overflowY: 'auto', pr: 1 }}>
        {isLoading && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress size={28} aria-label="Loading notes" />
          </Box>
        )}
        {isError && !data && <Alert severity="error" sx={{ mt: 2 }}>Failed to load notes. Please try again.</Alert>}
        {data && notes.length === 0 && (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            No notes yet
          </Typography>
        )}
        <Box component="ul" sx={{ m: 0, p: 0 }} aria-label="Timeline">
          {notes.map((note) => {
            const editing = composer.kind === 'edit' && composer.noteId === note.id;
            return (
              <NoteItem
                key={note.id}
                note={note}
                now={now}
                mine={mayWrite && note.userId === user?.userId}
                onEdit={(target) => setComposer({ kind: 'edit', noteId: target.id })}
                onDelete={setDeleting}
                editor={
                  editing ? (
                    <NoteEditor
                      initialContent={note.content}
                      submitLabel="Save"
                      onSave={(content) => update(note.id, content)}
                      onCancel={() => setComposer({ kind: 'none' })}
                    />
                  ) : undefined
                }
              />
            );
          })}
        </Box>
        {data?.pagination.hasNext && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
            <Button size="small" onClick={() => setLimit((n) => n + NOTES_PAGE_SIZE)} loading={isFetching}>
              Show older entries
            </Button>
          </Box>
        )}
      </Box>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Note"
        message="Are you sure you want to delete this note? This cannot be undone."
        confirmLabel="Delete"
        destructive
        busy={isDeleting}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

export interface NotesDialogProps {
  /** The contact whose timeline is open; null closes the modal. */
  contact: Contact | null;
  onClose: () => void;
}

/**
 * 'Notes & Activity': a contact's timeline with notes added, edited and deleted in place. Shared: the
 * Contacts table and the Conversations contact pane both open it.
 */
export function NotesDialog({ contact, onClose }: NotesDialogProps) {
  return (
    <Dialog open={contact !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="notes-dialog-title">
      <DialogTitle id="notes-dialog-title" sx={{ pr: 6 }}>
        Notes &amp; Activity
        {contact && (
          <Typography variant="body2" color="text.secondary">
            {contactName(contact).source === 'phone' ? contactPhone(contact) : `${contactName(contact).text} · ${contactPhone(contact)}`}
          </Typography>
        )}
        <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>{contact && <NotesTimeline key={contact.id} contact={contact} />}</DialogContent>
    </Dialog>
  );
}
