import Typography from '@mui/material/Typography';
import { FormikTextField } from '@client/components/form/formik-text-field';
import { errorMessage } from '@client/components/error-message';
import { useToast } from '@client/components/toast/use-toast';
import type { InvitationIssuedResponse } from '@shared/api/members';
import { INVITATION_TTL_DAYS } from '@shared/constants';
import { NO_EMAIL_CONFIGURED } from '@shared/mail/limits';
import { inviteMemberSchema } from '@shared/validation/members';
import { FormDialog } from '@client/components/form/form-dialog';
import { useGetInvitationsQuery, useInviteMemberMutation } from './members-api';
import { RoleSelectField } from './role-select-field';

export interface InviteMemberDialogProps {
  open: boolean;
  onClose: () => void;
  /** The new invitation with its token: the page shows the link, and Copy Link reuses it rather than issue another. */
  onInvited: (issued: InvitationIssuedResponse) => void;
}

/** 'Invite New Member': an e-mail address and a role. */
export function InviteMemberDialog({ open, onClose, onInvited }: InviteMemberDialogProps) {
  const [inviteMember] = useInviteMemberMutation();
  const emailConfigured = useGetInvitationsQuery().data?.emailConfigured ?? false;
  const toast = useToast();

  return (
    <FormDialog
      open={open}
      title="Invite New Member"
      submitLabel="Send Invitation"
      initialValues={{ email: '', roleId: '' }}
      schema={inviteMemberSchema}
      onClose={onClose}
      onSubmit={async (values, { resetForm }) => {
        try {
          const issued = await inviteMember(values).unwrap();
          onInvited(issued);
          resetForm();
          onClose();
        } catch (error) {
          toast.error('Error', errorMessage(error, 'Failed to invite member'));
        }
      }}
    >
      <FormikTextField name="email" label="Email Address" type="email" autoComplete="off" fullWidth autoFocus />
      <RoleSelectField name="roleId" label="Role" />
      <Typography variant="body2" color="text.secondary">
        {emailConfigured ? 'The invitation is emailed to this address. ' : `${NO_EMAIL_CONFIGURED}. `}
        The link is valid for {INVITATION_TTL_DAYS} days and can be used once.
      </Typography>
    </FormDialog>
  );
}
