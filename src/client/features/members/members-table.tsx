import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import LockResetIcon from '@mui/icons-material/LockReset';
import PersonRemoveOutlinedIcon from '@mui/icons-material/PersonRemoveOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { actionsColumn, PagedDataGrid, useServerPagination } from '@client/components/paged-data-grid';
import { useStackedColumns } from '@client/components/stacked-columns';
import { RoleBadge } from '@client/components/role-badge';
import type { TeamMember } from '@shared/api/members';
import { formatDay } from './format-day';
import { useGetMembersQuery } from './members-api';

const PAGE_SIZES = [25, 50, 100];

export interface MembersTableProps {
  currentUserId: string | undefined;
  canEditRoles: boolean;
  canRemove: boolean;
  /** A teammate's password reset link: offered only where the server cannot email one. */
  canCreateResetLinks: boolean;
  onEditRole: (member: TeamMember) => void;
  onCreateResetLink: (member: TeamMember) => void;
  onRemove: (member: TeamMember) => void;
}

/** 'Current Members (total)': who belongs to the organization, paged by the server; on a phone role and joined stack under the member. */
export function MembersTable({
  currentUserId, canEditRoles, canRemove, canCreateResetLinks, onEditRole, onCreateResetLink, onRemove,
}: MembersTableProps) {
  const { query, pageOf } = useServerPagination(PAGE_SIZES[0]);
  const { data, isLoading, isFetching, isError } = useGetMembersQuery(query);

  const columns = useMemo<GridColDef<TeamMember>[]>(() => {
    const base: GridColDef<TeamMember>[] = [
      {
        field: 'name',
        headerName: 'Member',
        flex: 2,
        minWidth: 220,
        sortable: false,
        renderCell: ({ row }) => <MemberCell member={row} />,
      },
      {
        field: 'role',
        headerName: 'Role',
        flex: 1,
        minWidth: 130,
        sortable: false,
        renderCell: ({ row }) => <RoleBadge name={row.role.name} />,
      },
      {
        field: 'joinedAt',
        headerName: 'Joined',
        flex: 1,
        minWidth: 120,
        sortable: false,
        valueFormatter: (value: string) => formatDay(value),
      },
    ];
    // The Actions column exists only for those who may change roles or remove members.
    if (!canEditRoles && !canRemove && !canCreateResetLinks) return base;
    return [
      ...base,
      actionsColumn<TeamMember>(150, (row) => (
        <>
          {canEditRoles && row.userId !== currentUserId && (
            <Tooltip title="Change role">
              <IconButton size="small" aria-label={`Change role of ${row.name}`} onClick={() => onEditRole(row)}>
                <EditOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {canCreateResetLinks && row.userId !== currentUserId && (
            <Tooltip title="Create password reset link">
              <IconButton size="small" aria-label={`Create a password reset link for ${row.name}`} onClick={() => onCreateResetLink(row)}>
                <LockResetIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
          {/* Never on one's own row: nobody removes themselves. */}
          {canRemove && row.userId !== currentUserId && (
            <Tooltip title="Remove member">
              <IconButton size="small" color="error" aria-label={`Remove ${row.name}`} onClick={() => onRemove(row)}>
                <PersonRemoveOutlinedIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          )}
        </>
      )),
    ];
  }, [canEditRoles, canRemove, canCreateResetLinks, currentUserId, onEditRole, onCreateResetLink, onRemove]);
  const layout = useStackedColumns(columns);

  return (
    <section aria-labelledby="current-members-heading">
      <Typography id="current-members-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Current Members ({data?.total ?? 0})
      </Typography>
      {isError && !data ? (
        <Alert severity="error">Failed to load members. Please try again.</Alert>
      ) : (
        <PagedDataGrid
          page={pageOf(data?.members, data?.total, isLoading || isFetching)}
          {...layout}
          pageSizes={PAGE_SIZES}
          rowHeight={64}
          emptyText="No members found"
        />
      )}
    </section>
  );
}

function MemberCell({ member }: { member: TeamMember }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, height: '100%', minWidth: 0 }}>
      <Avatar sx={{ width: 36, height: 36, fontSize: '0.95rem' }} aria-hidden>
        {member.name.trim().charAt(0).toUpperCase() || '?'}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
          {member.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {member.email}
        </Typography>
      </Box>
    </Box>
  );
}
