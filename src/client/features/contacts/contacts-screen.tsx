import AddIcon from '@mui/icons-material/Add';
import SearchIcon from '@mui/icons-material/Search';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@client/app/paths';
import { apiDownloadUrl, CsvDownloadButton } from '@client/components/csv-download-button';
import { ImportSummary } from '@client/components/contact-import/import-summary';
import { PageHeader } from '@client/components/page-header';
import { useGetContactsQuery, useSearchContactsQuery } from '@client/api/contacts-endpoints';
import { useServerPagination } from '@client/components/paged-data-grid';
import { NotesDialog } from '@client/components/notes/notes-dialog';
import { useDebouncedValue } from '@client/components/use-debounced-value';
import { useSession } from '@client/session/use-session';
import type { Contact } from '@shared/api/contacts';
import { CONTACT_SEARCH_DEBOUNCE_MS, CONTACT_SEARCH_MIN_CHARS, CONTACTS_PAGE_SIZE } from '@shared/constants';
import { ContactFormDialog } from './contact-form-dialog';
import type { ContactRowAbilities, ContactRowHandlers } from './contact-row-actions';
import { ContactsTable } from './contacts-table';
import { useContactLifecycle } from './use-contact-lifecycle';
import { useStartChat } from './use-start-chat';

type Editor = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; contact: Contact };

/** The Contacts screen: search, Export CSV (of what the search finds), Import CSV, Add Contact, the table, and its modals. */
export default function ContactsScreen() {
  const { can } = useSession();
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), CONTACT_SEARCH_DEBOUNCE_MS);
  const searching = query.length >= CONTACT_SEARCH_MIN_CHARS;
  const { query: pageQuery, pageOf } = useServerPagination(CONTACTS_PAGE_SIZE);
  const [editor, setEditor] = useState<Editor>({ mode: 'closed' });
  const [notesOf, setNotesOf] = useState<Contact | null>(null);

  const list = useGetContactsQuery(pageQuery, { skip: searching });
  const found = useSearchContactsQuery(query, { skip: !searching });
  const { startChat } = useStartChat();
  const { remove, restore } = useContactLifecycle();

  const abilities = useMemo<ContactRowAbilities>(
    () => ({ chat: can('chats:view'), edit: can('contacts:edit'), delete: can('contacts:delete') }),
    [can],
  );
  const handlers = useMemo<ContactRowHandlers>(
    () => ({
      onChat: (contact) => void startChat(contact.id),
      onNotes: setNotesOf,
      onEdit: (contact) => setEditor({ mode: 'edit', contact }),
      onDelete: (contact) => void remove(contact),
      onRestore: (contact) => void restore(contact),
    }),
    [startChat, remove, restore],
  );

  const active = searching ? found : list;
  const rows = searching ? (found.data?.data ?? []) : (list.data?.data ?? []);
  const totalPages = list.data?.pagination.totalPages ?? 1;

  return (
    <Box>
      <PageHeader
        title="Contacts"
        actions={
          <>
            {can('contacts:export') && <CsvDownloadButton href={apiDownloadUrl('/contacts/export.csv', { q: searching ? query : undefined })} />}
            {can('contacts:import') && (
              <Button component={RouterLink} to={paths.importContacts} variant="outlined" startIcon={<UploadFileIcon />}>
                Import CSV
              </Button>
            )}
            {can('contacts:create') && (
              <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditor({ mode: 'add' })}>
                Add Contact
              </Button>
            )}
          </>
        }
      />
      <ImportSummary />
      <TextField
        value={search}
        onChange={(event) => setSearch(event.target.value)}
        placeholder="Search by name or phone number"
        size="small"
        fullWidth
        sx={{ mb: 2, maxWidth: 480 }}
        helperText={
          search.trim().length > 0 && search.trim().length < CONTACT_SEARCH_MIN_CHARS
            ? `Type at least ${CONTACT_SEARCH_MIN_CHARS} characters to search`
            : ' '
        }
        slotProps={{
          htmlInput: { 'aria-label': 'Search contacts' },
          input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
        }}
      />
      {active.isError && !active.data ? (
        <Alert severity="error">Failed to load contacts. Please try again.</Alert>
      ) : (
        <ContactsTable
          page={pageOf(rows, searching ? rows.length : list.data?.pagination.total, active.isFetching)}
          paginated={!searching && totalPages > 1}
          can={abilities}
          handlers={handlers}
        />
      )}

      <ContactFormDialog
        open={editor.mode !== 'closed'}
        contact={editor.mode === 'edit' ? editor.contact : null}
        canTag={can('contacts:tag')}
        onClose={() => setEditor({ mode: 'closed' })}
      />
      <NotesDialog contact={notesOf} onClose={() => setNotesOf(null)} />
    </Box>
  );
}
