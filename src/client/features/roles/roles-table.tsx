import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { actionsColumn, ClientPagedDataGrid } from '@client/components/paged-data-grid';
import { useStackedColumns } from '@client/components/stacked-columns';
import type { RoleDto } from '@shared/api/roles';

export interface RolesTableProps {
  roles: RoleDto[];
  loading: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onEdit: (role: RoleDto) => void;
  /** Asked for every delete click, also on a role with members (the screen explains why not). */
  onDelete: (role: RoleDto) => void;
}

const PAGE_SIZES = [25, 50, 100];

/**
 * 'Role Management': system roles are protected; custom roles can be edited and, without members,
 * deleted. On a phone the other columns stack under the role's name, beside the actions.
 */
export function RolesTable({ roles, loading, canEdit, canDelete, onEdit, onDelete }: RolesTableProps) {
  const columns = useMemo<GridColDef<RoleDto>[]>(
    () => [
      {
        field: 'name',
        headerName: 'Role Name',
        flex: 1.3,
        minWidth: 200,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: '100%', minWidth: 0 }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
              {row.name}
            </Typography>
            {row.isSystemRole && <Chip label="System Role" size="small" color="info" variant="outlined" />}
          </Box>
        ),
      },
      { field: 'description', headerName: 'Description', flex: 2, minWidth: 220, sortable: false },
      { field: 'memberCount', headerName: 'Members', type: 'number', width: 110, align: 'center', headerAlign: 'center' },
      {
        field: 'permissions',
        headerName: 'Permissions',
        type: 'number',
        width: 120,
        align: 'center',
        headerAlign: 'center',
        valueGetter: (_value, row) => row.permissions.length,
      },
      actionsColumn<RoleDto>(130, (row) =>
        row.isSystemRole ? (
          <Chip icon={<LockOutlinedIcon />} label="Protected" size="small" variant="outlined" />
        ) : (
          <RoleActions role={row} canEdit={canEdit} canDelete={canDelete} onEdit={onEdit} onDelete={onDelete} />
        ),
      ),
    ],
    [canEdit, canDelete, onEdit, onDelete],
  );
  const layout = useStackedColumns(columns);

  return (
    <ClientPagedDataGrid rows={roles} {...layout} loading={loading} pageSizes={PAGE_SIZES} emptyText="No roles found" />
  );
}

function RoleActions({ role, canEdit, canDelete, onEdit, onDelete }: Omit<RolesTableProps, 'roles' | 'loading'> & { role: RoleDto }) {
  const hasMembers = role.memberCount > 0;
  return (
    <>
      {canEdit && (
        <Tooltip title="Edit role">
          <IconButton size="small" aria-label={`Edit ${role.name}`} onClick={() => onEdit(role)}>
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {canDelete && (
        <Tooltip title={hasMembers ? 'Roles with members cannot be deleted' : 'Delete role'}>
          {/* A disabled button takes no clicks; the wrapper does, so the user learns why. */}
          <span onClick={hasMembers ? () => onDelete(role) : undefined}>
            <IconButton
              size="small"
              color="error"
              aria-label={`Delete ${role.name}`}
              disabled={hasMembers}
              onClick={() => onDelete(role)}
            >
              <DeleteOutlinedIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
    </>
  );
}
