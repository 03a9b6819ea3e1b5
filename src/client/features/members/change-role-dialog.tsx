import { errorMessage } from '@client/components/error-message';
import { useToast } from '@client/components/toast/use-toast';
import type { TeamMember } from '@shared/api/members';
import { changeMemberRoleSchema } from '@shared/validation/members';
import { FormDialog } from '@client/components/form/form-dialog';
import { useChangeMemberRoleMutation } from './members-api';
import { RoleSelectField } from './role-select-field';

export interface ChangeRoleDialogProps {
  /** The member whose role changes; null closes the dialog. */
  member: TeamMember | null;
  onClose: () => void;
}

/** 'Update Role for {member}' with a New Role select. */
export function ChangeRoleDialog({ member, onClose }: ChangeRoleDialogProps) {
  const [changeRole] = useChangeMemberRoleMutation();
  const toast = useToast();

  return (
    <FormDialog
      // A fresh form per member.
      key={member?.id}
      open={member !== null}
      title={`Update Role for ${member?.name ?? ''}`}
      submitLabel="Update Role"
      initialValues={{ roleId: '' }}
      schema={changeMemberRoleSchema}
      onClose={onClose}
      onSubmit={async (values) => {
        if (!member) return;
        try {
          const { message } = await changeRole({ memberId: member.id, roleId: values.roleId }).unwrap();
          toast.success('Role Updated', message);
          onClose();
        } catch (error) {
          toast.error('Error', errorMessage(error, 'Failed to update role'));
        }
      }}
    >
      <RoleSelectField name="roleId" label="New Role" />
    </FormDialog>
  );
}
