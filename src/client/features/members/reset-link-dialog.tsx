import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useId, useState } from 'react';
import { copyToClipboard } from '@client/components/clipboard';
import { errorMessage } from '@client/components/error-message';
import type { TeamMember } from '@shared/api/members';
import { useCreateMemberResetLinkMutation } from './members-api';

export interface ResetLinkDialogProps {
  member: TeamMember | null;
  onClose: () => void;
}

/**
 * A one-time password reset link for a member, for a server without email: created on request and
 * shown only here (the server keeps only its hash), with Copy, for the admin to pass on themselves.
 */
export function ResetLinkDialog({ member, onClose }: ResetLinkDialogProps) {
  const titleId = useId();
  const [createLink, { data, isLoading, error, reset }] = useCreateMemberResetLinkMutation();
  const [copied, setCopied] = useState<boolean | null>(null);

  const close = () => {
    reset();
    setCopied(null);
    onClose();
  };
  const copy = async (link: string) => {
    try {
      await copyToClipboard(link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <Dialog open={member !== null} onClose={close} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>Password Reset Link</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>
            No email is configured: create a link and send it to {member?.name ?? 'the member'} yourself. It works once, within one
            hour, and setting the new password signs them out everywhere.
          </DialogContentText>
          {error !== undefined && <Alert severity="error">{errorMessage(error, 'Failed to create the link')}</Alert>}
          {data && (
            <>
              <TextField label="Reset link" value={data.link} slotProps={{ input: { readOnly: true } }} fullWidth />
              <Alert severity={copied === false ? 'error' : 'warning'} role={copied === null ? undefined : 'status'}>
                {copied === true && 'Copied. '}
                {copied === false && 'The link could not be copied: select it and copy it by hand. '}
                This link is shown only now.
              </Alert>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{data ? 'Done' : 'Cancel'}</Button>
        {data ? (
          <Button variant="contained" startIcon={<ContentCopyIcon />} onClick={() => void copy(data.link)}>
            Copy
          </Button>
        ) : (
          <Button
            variant="contained"
            disabled={isLoading || !member}
            startIcon={isLoading ? <CircularProgress size={16} color="inherit" /> : undefined}
            onClick={() => member && void createLink(member.id)}
          >
            Create Link
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
