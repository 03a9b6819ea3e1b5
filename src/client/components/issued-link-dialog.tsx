import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useId, useRef, useState } from 'react';
import { COPY_FEEDBACK_MS } from '@shared/constants';
import { copyToClipboard } from './clipboard';

export interface IssuedLink {
  /** The server's answer, e.g. that the link was emailed, or that no email is configured. */
  message: string;
  link: string;
  /** The link was emailed: the message is a success, not a to-do. */
  emailed: boolean;
}

export interface IssuedLinkDialogProps {
  title: string;
  /** Names the field holding the link, e.g. 'Invitation link'. */
  linkLabel: string;
  /** The link to show; null keeps the dialog closed. */
  issued: IssuedLink | null;
  onClose: () => void;
}

/**
 * Shows a secret link the moment the server issues it (only its hash is kept, so it cannot be shown
 * again later): what happened, the link to select or copy, and Done.
 */
export function IssuedLinkDialog({ title, linkLabel, issued, onClose }: IssuedLinkDialogProps) {
  const titleId = useId();
  // Feedback belongs to the link it was about: a newly issued link starts without any.
  const [copiedLink, setCopiedLink] = useState<string | null>(null);
  const [failedLink, setFailedLink] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copied = issued !== null && copiedLink === issued.link;
  const copyFailed = issued !== null && failedLink === issued.link;

  const copy = async () => {
    if (!issued) return;
    try {
      await copyToClipboard(issued.link);
      setFailedLink(null);
      setCopiedLink(issued.link);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopiedLink(null), COPY_FEEDBACK_MS);
    } catch {
      setFailedLink(issued.link);
    }
  };

  return (
    <Dialog open={issued !== null} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby={titleId}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {issued && <Alert severity={issued.emailed ? 'success' : 'info'}>{issued.message}</Alert>}
          <TextField
            label={linkLabel}
            value={issued?.link ?? ''}
            fullWidth
            multiline
            slotProps={{ input: { readOnly: true }, htmlInput: { 'aria-readonly': true } }}
            helperText="This link is shown only now: Parley keeps only a fingerprint of it."
          />
          {copyFailed && <Alert severity="error">Failed to copy the link. Select it and copy it yourself.</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button startIcon={copied ? <CheckIcon /> : <ContentCopyIcon />} onClick={() => void copy()}>
          {copied ? 'Copied!' : 'Copy Link'}
        </Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
