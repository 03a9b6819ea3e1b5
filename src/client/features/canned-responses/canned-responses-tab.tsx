import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useDeleteCannedResponseMutation, useGetCannedResponsesQuery } from '@client/api/canned-responses-endpoints';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { actionsColumn, PagedDataGrid, useServerPagination } from '@client/components/paged-data-grid';
import { useStackedColumns } from '@client/components/stacked-columns';
import { useRecordAction } from '@client/components/toast/use-record-action';
import { useSession } from '@client/session/use-session';
import type { CannedResponse } from '@shared/api/canned-responses';
import { CannedResponseFormDialog } from './canned-response-form-dialog';

const PAGE_SIZE = 25;

type Editor = { open: false } | { open: true; cannedResponse: CannedResponse | null };

/**
 * The Canned Responses tab of Settings: the team's replies by shortcut. Whoever can send sees them (and
 * inserts them by typing / in a message); adding, editing and deleting need canned_responses:manage.
 */
export default function CannedResponsesTab() {
  const { can } = useSession();
  const canManage = can('canned_responses:manage');
  const runAction = useRecordAction('Canned response');
  const { query, pageOf } = useServerPagination(PAGE_SIZE);
  const { data, isFetching, isError } = useGetCannedResponsesQuery(query);
  const [deleteCannedResponse, { isLoading: isDeleting }] = useDeleteCannedResponseMutation();
  const [editor, setEditor] = useState<Editor>({ open: false });
  const [deleting, setDeleting] = useState<CannedResponse | null>(null);

  const columns = useMemo<GridColDef<CannedResponse>[]>(() => {
    const base: GridColDef<CannedResponse>[] = [
      {
        field: 'shortcut',
        headerName: 'Shortcut',
        width: 170,
        sortable: false,
        valueFormatter: (value: string) => `/${value}`,
      },
      { field: 'content', headerName: 'Content', flex: 1, minWidth: 220, sortable: false },
    ];
    if (!canManage) return base;
    return [
      ...base,
      actionsColumn<CannedResponse>(100, (row) => (
        <>
          <Tooltip title="Edit">
            <IconButton size="small" aria-label={`Edit canned response /${row.shortcut}`} onClick={() => setEditor({ open: true, cannedResponse: row })}>
              <EditOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Tooltip title="Delete">
            <IconButton size="small" color="error" aria-label={`Delete canned response /${row.shortcut}`} onClick={() => setDeleting(row)}>
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </>
      )),
    ];
  }, [canManage]);
  const layout = useStackedColumns(columns);

  const confirmDelete = async () => {
    if (!deleting) return;
    if (await runAction('delete', () => deleteCannedResponse(deleting.id).unwrap())) setDeleting(null);
  };

  return (
    <Stack spacing={2.5}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography variant="h6" component="h2">
          Canned Responses
        </Typography>
        {canManage && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditor({ open: true, cannedResponse: null })}>
            Add Canned Response
          </Button>
        )}
      </Box>
      <Alert severity="info">
        Type / in a message, then the start of a shortcut, to insert a canned response. {'{{contact.name}}'}, {'{{contact.phone}}'} and{' '}
        {'{{agent.name}}'} are filled in as it is inserted.
      </Alert>
      {isError && !data ? (
        <Alert severity="error">Failed to load canned responses. Please try again.</Alert>
      ) : (
        <PagedDataGrid
          page={pageOf(data?.data, data?.pagination.total, isFetching)}
          {...layout}
          emptyText="No canned responses yet"
          label="Canned responses"
        />
      )}
      <CannedResponseFormDialog
        open={editor.open}
        cannedResponse={editor.open ? editor.cannedResponse : null}
        onClose={() => setEditor({ open: false })}
      />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Canned Response"
        message={`Are you sure you want to delete the canned response "/${deleting?.shortcut ?? ''}"?`}
        confirmLabel="Delete"
        destructive
        busy={isDeleting}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
