import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { FormDialogActions } from '@client/components/form/form-dialog';
import { useRecordAction } from '@client/components/toast/use-record-action';
import { useToast } from '@client/components/toast/use-toast';
import { useSession } from '@client/session/use-session';
import type { RoleDto } from '@shared/api/roles';
import type { RoleTemplate } from '@shared/permissions/role-templates';
import { validate } from '@shared/validation/first-error';
import { ROLE_DESCRIPTION_MAX, ROLE_NAME_MAX, roleSchema } from '@shared/validation/roles';
import { PermissionPicker } from './permission-picker';
import { useCreateRoleMutation, useGetPermissionsQuery, useUpdateRoleMutation } from './roles-api';
import { TemplateSelect } from './template-select';

export interface RoleFormDialogProps {
  open: boolean;
  /** The role to edit; absent: a new role. */
  role?: RoleDto;
  onClose: () => void;
}

/**
 * 'Create New Role' / 'Edit Role': optional template, name, description and the permission
 * accordion. What is missing is reported in one 'Validation Error' toast.
 */
export function RoleFormDialog({ open, role, onClose }: RoleFormDialogProps) {
  const { data: catalogue, isLoading, isError } = useGetPermissionsQuery(undefined, { skip: !open });
  const { permissions: held } = useSession();
  const grantable = useMemo(() => new Set<string>(held), [held]);
  const [createRole, creating] = useCreateRoleMutation();
  const [updateRole, updating] = useUpdateRoleMutation();
  const saving = creating.isLoading || updating.isLoading;
  const toast = useToast();
  const runAction = useRecordAction('Role');

  const [template, setTemplate] = useState<RoleTemplate | null>(null);
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [selected, setSelected] = useState<Set<string>>(() => new Set(role?.permissions.map((p) => p.id)));

  const applyTemplate = (chosen: RoleTemplate | null) => {
    setTemplate(chosen);
    if (!chosen) return;
    setName(chosen.name);
    setDescription(chosen.description);
    // A template may name permissions the user cannot grant; those stay off (the server would refuse them).
    setSelected(new Set(chosen.permissions.filter((p) => grantable.has(p))));
  };

  const save = async () => {
    const checked = validate(roleSchema, { name, description, permissions: [...selected] });
    if (!checked.ok) {
      toast.error('Validation Error', checked.message);
      return;
    }
    const body = checked.value;
    const saved = await runAction(role ? 'update' : 'create', () =>
      role ? updateRole({ ...body, id: role.id }).unwrap() : createRole(body).unwrap(),
    );
    if (saved) onClose();
  };

  return (
    <Dialog open={open} onClose={saving ? undefined : onClose} maxWidth="md" fullWidth aria-labelledby="role-form-title">
      <DialogTitle id="role-form-title">{role ? 'Edit Role' : 'Create New Role'}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          {!role && <TemplateSelect value={template} onChange={applyTemplate} disabled={saving} />}
          <TextField
            label="Role Name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            disabled={saving}
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: ROLE_NAME_MAX } }}
          />
          <TextField
            label="Description"
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            disabled={saving}
            required
            fullWidth
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: ROLE_DESCRIPTION_MAX } }}
          />
          <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
            <Typography variant="subtitle1" sx={{ fontWeight: 600 }} component="h3">
              Permissions
            </Typography>
            <Typography variant="body2" color="text.secondary" role="status">
              {catalogue ? `${selected.size} of ${catalogue.allPermissions.length}` : selected.size} permissions selected
            </Typography>
          </Stack>
          {isLoading && <CircularProgress size={24} aria-label="Loading permissions" />}
          {isError && <Alert severity="error">Failed to load permissions. Please try again.</Alert>}
          {catalogue && (
            <PermissionPicker
              groups={catalogue.permissions}
              selected={selected}
              grantable={grantable}
              onChange={setSelected}
              disabled={saving}
            />
          )}
        </Stack>
      </DialogContent>
      <FormDialogActions
        busy={saving}
        submitLabel={role ? 'Update Role' : 'Create Role'}
        onCancel={onClose}
        onSubmit={() => void save()}
        sx={{ px: 3, py: 2 }}
      />
    </Dialog>
  );
}
