import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import Alert from '@mui/material/Alert';
import type { InvitationLookup } from '@shared/api/auth';

/** Invite mode: which organization the user joins, and in which role. */
export function InvitationBanner({ invitation }: { invitation: InvitationLookup['invitation'] }) {
  return (
    <Alert severity="info" icon={<MailOutlinedIcon />} sx={{ mb: 3 }}>
      You have been invited to join <strong>{invitation.organizationName}</strong> with the <strong>{invitation.roleName}</strong>{' '}
      role.
    </Alert>
  );
}
