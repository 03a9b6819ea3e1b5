import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import RestoreFromTrashOutlinedIcon from '@mui/icons-material/RestoreFromTrashOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { actionsColumn, PagedDataGrid, type ServerPage } from '@client/components/paged-data-grid';
import { useStackedColumns } from '@client/components/stacked-columns';
import { TagChip } from '@client/components/tags/tag-chip';
import type { Tag } from '@shared/api/tags';

const DATE = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

export interface TagsTableProps {
  page: ServerPage<Tag>;
  /** Edit, delete and restore show only with contacts:tag. */
  canManage: boolean;
  onEdit: (tag: Tag) => void;
  onDelete: (tag: Tag) => void;
  onRestore: (tag: Tag) => void;
}

/**
 * The Tags table: name on its colour, type, contact count, created, and the actions; deleted tags stay,
 * marked. On a phone the other columns stack under the name, beside the actions.
 */
export function TagsTable({ page, canManage, onEdit, onDelete, onRestore }: TagsTableProps) {
  const columns = useMemo<GridColDef<Tag>[]>(() => {
    const base: GridColDef<Tag>[] = [
      {
        field: 'name',
        headerName: 'Name',
        flex: 1.5,
        minWidth: 200,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: '100%' }}>
            <TagChip name={row.name} color={row.color} sx={row.deletedAt ? { textDecoration: 'line-through' } : undefined} />
            {row.deletedAt && <Chip label="Deleted" color="error" size="small" variant="outlined" />}
          </Box>
        ),
      },
      {
        field: 'type',
        headerName: 'Type',
        width: 130,
        sortable: false,
        valueFormatter: (value: Tag['type']) => (value === 'csv_import' ? 'CSV import' : 'Manual'),
      },
      { field: 'contactCount', headerName: 'Contacts', type: 'number', width: 110, sortable: false },
      {
        field: 'createdAt',
        headerName: 'Created',
        width: 140,
        sortable: false,
        valueFormatter: (value: string) => DATE.format(new Date(value)),
      },
    ];
    if (!canManage) return base;
    return [
      ...base,
      actionsColumn<Tag>(110, (row) =>
        row.deletedAt ? (
          <Tooltip title="Restore">
            <IconButton size="small" color="success" aria-label={`Restore tag ${row.name}`} onClick={() => onRestore(row)}>
              <RestoreFromTrashOutlinedIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        ) : (
          <>
            <Tooltip title="Edit">
              <IconButton size="small" aria-label={`Edit tag ${row.name}`} onClick={() => onEdit(row)}>
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            <Tooltip title="Delete">
              <IconButton size="small" color="error" aria-label={`Delete tag ${row.name}`} onClick={() => onDelete(row)}>
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        ),
      ),
    ];
  }, [canManage, onEdit, onDelete, onRestore]);
  const layout = useStackedColumns(columns);

  return (
    <PagedDataGrid
      page={page}
      {...layout}
      emptyText="No tags yet"
      label="Tags"
    />
  );
}
