import PersonAddAlt1Icon from '@mui/icons-material/PersonAddAlt1';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useCallback, useState } from 'react';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { IssuedLinkDialog, type IssuedLink } from '@client/components/issued-link-dialog';
import { errorMessage } from '@client/components/error-message';
import { useToast } from '@client/components/toast/use-toast';
import { invitationLink } from '@client/app/paths';
import { useSession } from '@client/session/use-session';
import type { InvitationIssuedResponse, TeamMember } from '@shared/api/members';
import { ChangeRoleDialog } from './change-role-dialog';
import { InviteMemberDialog } from './invite-member-dialog';
import { MembersTable } from './members-table';
import { useGetInvitationsQuery, useRemoveMemberMutation } from './members-api';
import { PendingInvitations } from './pending-invitations';
import { ResetLinkDialog } from './reset-link-dialog';

/** The Team Members tab of Settings: members, pending invitations, invite, role change, removal. */
export default function TeamMembersTab() {
  const { user, can } = useSession();
  const toast = useToast();
  const [inviteOpen, setInviteOpen] = useState(false);
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [resetting, setResetting] = useState<TeamMember | null>(null);
  // Without email a member locked out needs a teammate's link; with it they ask for one themselves.
  const { data: invitations } = useGetInvitationsQuery(undefined, { skip: !can('members:view') });
  const [removeMember, { isLoading: isRemoving }] = useRemoveMemberMutation();
  // Invitation tokens this page was given (the server keeps only their hashes): Copy Link reuses them.
  const [tokens, setTokens] = useState<Record<string, string>>({});
  // The link just created or re-issued, shown once.
  const [shownLink, setShownLink] = useState<IssuedLink | null>(null);
  const onIssued = useCallback((issued: InvitationIssuedResponse) => {
    setTokens((known) => ({ ...known, [issued.invitation.id]: issued.token }));
    setShownLink({ message: issued.message, link: invitationLink(issued.token), emailed: issued.delivered });
  }, []);

  if (!can('members:view')) {
    return (
      <Alert severity="error">
        <AlertTitle>Access Denied</AlertTitle>
        You don&apos;t have permission to view members.
      </Alert>
    );
  }

  const confirmRemove = async () => {
    if (!removing) return;
    try {
      const { message } = await removeMember(removing.id).unwrap();
      toast.success('Member Removed', message);
      setRemoving(null);
    } catch (error) {
      toast.error('Error', errorMessage(error, 'Failed to remove member'));
    }
  };

  return (
    <Stack spacing={4}>
      {can('members:invite') && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button variant="contained" startIcon={<PersonAddAlt1Icon />} onClick={() => setInviteOpen(true)}>
            Invite Member
          </Button>
        </Box>
      )}
      <MembersTable
        currentUserId={user?.userId}
        canEditRoles={can('members:edit_roles')}
        canRemove={can('members:remove')}
        canCreateResetLinks={can('members:edit_roles') && invitations?.emailConfigured === false}
        onEditRole={setEditing}
        onCreateResetLink={setResetting}
        onRemove={setRemoving}
      />
      <PendingInvitations canInvite={can('members:invite')} knownTokens={tokens} onIssued={onIssued} />

      <InviteMemberDialog open={inviteOpen} onClose={() => setInviteOpen(false)} onInvited={onIssued} />
      <IssuedLinkDialog title="Invitation Link" linkLabel="Invitation link" issued={shownLink} onClose={() => setShownLink(null)} />
      <ChangeRoleDialog member={editing} onClose={() => setEditing(null)} />
      <ResetLinkDialog member={resetting} onClose={() => setResetting(null)} />
      <ConfirmDialog
        open={removing !== null}
        title="Remove Member"
        message={`Are you sure you want to remove ${removing?.name ?? ''} from the organization? They will be signed out at once.`}
        confirmLabel="Remove"
        destructive
        busy={isRemoving}
        onConfirm={() => void confirmRemove()}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}
