import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useState } from 'react';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { useRecordAction } from '@client/components/toast/use-record-action';
import { useToast } from '@client/components/toast/use-toast';
import { useSession } from '@client/session/use-session';
import type { RoleDto } from '@shared/api/roles';
import { RoleFormDialog } from './role-form-dialog';
import { useDeleteRoleMutation, useGetRolesQuery } from './roles-api';
import { RolesTable } from './roles-table';

type Editing = { mode: 'create' } | { mode: 'edit'; role: RoleDto } | null;

/** The Roles & Permissions tab of Settings. */
export default function RolesTab() {
  const { can } = useSession();
  const toast = useToast();
  const runAction = useRecordAction('Role');
  const { data, isLoading, isError } = useGetRolesQuery(undefined, { skip: !can('roles:view') });
  const [deleteRole, { isLoading: isDeleting }] = useDeleteRoleMutation();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<RoleDto | null>(null);

  const onEdit = useCallback((role: RoleDto) => setEditing({ mode: 'edit', role }), []);
  const onDelete = useCallback(
    (role: RoleDto) => {
      if (role.memberCount > 0) {
        toast.warning('Cannot Delete', cannotDeleteMessage(role.memberCount));
        return;
      }
      setDeleting(role);
    },
    [toast],
  );

  if (!can('roles:view')) {
    return <Alert severity="error">You don&apos;t have permission to view roles.</Alert>;
  }

  const confirmDelete = async () => {
    if (!deleting) return;
    await runAction('delete', () => deleteRole(deleting.id).unwrap());
    setDeleting(null);
  };

  return (
    <Stack spacing={2.5}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
        <Typography variant="h6" component="h2">
          Role Management
        </Typography>
        {can('roles:create') && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing({ mode: 'create' })}>
            Create Role
          </Button>
        )}
      </Box>
      <Alert severity="info">
        Use templates to create roles quickly: pick one and adjust its permissions. Roles with active members cannot be
        deleted; reassign their members first.
      </Alert>
      {isError && !data ? (
        <Alert severity="error">Failed to load roles. Please try again.</Alert>
      ) : (
        <RolesTable
          roles={data?.roles ?? []}
          loading={isLoading}
          canEdit={can('roles:edit')}
          canDelete={can('roles:delete')}
          onEdit={onEdit}
          onDelete={onDelete}
        />
      )}

      {editing && (
        <RoleFormDialog
          key={editing.mode === 'edit' ? editing.role.id : 'new'}
          open
          role={editing.mode === 'edit' ? editing.role : undefined}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Role"
        message={`Are you sure you want to delete the role "${deleting?.name ?? ''}"?`}
        confirmLabel="Delete"
        destructive
        busy={isDeleting}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}

/** The 'Cannot Delete' toast: a role with members cannot be deleted. */
function cannotDeleteMessage(memberCount: number): string {
  return `This role has ${memberCount} member(s). Reassign them first.`;
}
