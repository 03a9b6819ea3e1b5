import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useEffect, useMemo, useRef, useState } from 'react';
import { invitationLink } from '@client/app/paths';
import { copyToClipboard } from '@client/components/clipboard';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { errorMessage } from '@client/components/error-message';
import { useStackedColumns } from '@client/components/stacked-columns';
import { useNarrowScreen } from '@client/components/use-narrow-screen';
import { useToast } from '@client/components/toast/use-toast';
import type { InvitationIssuedResponse, PendingInvitation } from '@shared/api/members';
import { COPY_FEEDBACK_MS } from '@shared/constants';
import { formatDay } from './format-day';
import { useGetInvitationsQuery, useResendInvitationMutation } from './members-api';

const COPY_FAILED = 'Failed to copy invitation link. Please try again.';
const PREVIOUS_LINK_STOPS = 'The previous link will stop working.';

export interface PendingInvitationsProps {
  /** Copy Link and Resend are for inviters (members:invite). */
  canInvite: boolean;
  /** Tokens this page already holds, by invitation id (from creating or re-issuing it). */
  knownTokens: Readonly<Record<string, string>>;
  /** A new link was issued for an invitation: the page remembers it and shows it. */
  onIssued: (issued: InvitationIssuedResponse) => void;
}

type Reissue = { invitation: PendingInvitation; why: 'new-link' | 'resend' };

/**
 * 'Pending Invitations (total)', shown only when there are any. Only a hash of each token is stored,
 * so Copy Link copies a link only while this page holds its token (it was created or re-issued here);
 * otherwise it offers to create a new one, which retires the link already shared, and says so first.
 * Resend (with email configured) emails a new link, with the same warning. On a phone the columns
 * stack under the email and the actions stay beside it.
 */
export function PendingInvitations({ canInvite, knownTokens, onIssued }: PendingInvitationsProps) {
  const { data } = useGetInvitationsQuery();
  const [resend, { isLoading: isReissuing }] = useResendInvitationMutation();
  const toast = useToast();
  const [reissue, setReissue] = useState<Reissue | null>(null);
  const [copiedId, setCopiedId] = useState<string | null>(null);
  const [copyFailed, setCopyFailed] = useState(false);
  const feedbackTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(feedbackTimer.current), []);
  const emailConfigured = data?.emailConfigured ?? false;
  const narrow = useNarrowScreen();

  const columns = useMemo<GridColDef<PendingInvitation>[]>(() => {
    const copyLink = async (invitation: PendingInvitation) => {
      setCopyFailed(false);
      const known: string | undefined = knownTokens[invitation.id];
      if (known === undefined) {
        setReissue({ invitation, why: 'new-link' });
        return;
      }
      try {
        await copyToClipboard(invitationLink(known));
        setCopiedId(invitation.id);
        clearTimeout(feedbackTimer.current);
        feedbackTimer.current = setTimeout(() => setCopiedId(null), COPY_FEEDBACK_MS);
      } catch {
        setCopyFailed(true);
      }
    };

    const base: GridColDef<PendingInvitation>[] = [
      {
        field: 'email',
        headerName: 'Email',
        flex: 2,
        minWidth: 200,
        sortable: false,
        // A long address wraps rather than pushing a phone's row sideways.
        renderCell: ({ row }) => <Box component="span" sx={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>{row.email}</Box>,
      },
      { field: 'role', headerName: 'Role', flex: 1, minWidth: 120, sortable: false, valueGetter: (_v, row) => row.role.name },
      {
        field: 'invitedBy',
        headerName: 'Invited By',
        flex: 1,
        minWidth: 140,
        sortable: false,
        valueGetter: (_v, row) => row.invitedBy?.name ?? '—',
      },
      {
        field: 'expiresAt',
        headerName: 'Expires',
        flex: 1,
        minWidth: 120,
        sortable: false,
        valueFormatter: (value: string) => formatDay(value),
      },
    ];
    if (!canInvite) return base;
    return [
      ...base,
      {
        field: 'actions',
        headerName: 'Actions',
        // On a phone the buttons stand one above the other, so the stacked email column keeps its room.
        width: narrow ? 150 : emailConfigured ? 240 : 140,
        sortable: false,
        renderCell: ({ row }) => {
          const text = copiedId === row.id ? 'Copied!' : 'Copy Link';
          // Each name starts with the visible text (what a speech-input user says), then which row.
          return (
            <Stack direction={narrow ? 'column' : 'row'} spacing={narrow ? 0.5 : 1} sx={{ height: '100%', justifyContent: 'center', alignItems: 'flex-start', py: narrow ? 1 : 0 }}>
              <Button
                size="small"
                startIcon={copiedId === row.id ? <CheckIcon /> : <ContentCopyIcon />}
                onClick={() => void copyLink(row)}
                aria-label={`${text} (invitation for ${row.email})`}
              >
                {text}
              </Button>
              {emailConfigured && (
                <Button
                  size="small"
                  startIcon={<SendIcon />}
                  onClick={() => setReissue({ invitation: row, why: 'resend' })}
                  aria-label={`Resend (invitation for ${row.email})`}
                >
                  Resend
                </Button>
              )}
            </Stack>
          );
        },
      },
    ];
  }, [canInvite, copiedId, emailConfigured, knownTokens, narrow]);
  const layout = useStackedColumns(columns);

  const confirmReissue = async () => {
    if (!reissue) return;
    try {
      const issued = await resend(reissue.invitation.id).unwrap();
      setReissue(null);
      onIssued(issued);
    } catch (error) {
      setReissue(null);
      toast.error('Error', errorMessage(error, 'Failed to create a new invitation link'));
    }
  };

  if (!data || data.total === 0) return null;
  return (
    <section aria-labelledby="pending-invitations-heading">
      <Typography id="pending-invitations-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Pending Invitations ({data.total})
      </Typography>
      {copyFailed && (
        <Alert severity="error" onClose={() => setCopyFailed(false)} sx={{ mb: 1.5 }}>
          {COPY_FAILED}
        </Alert>
      )}
      <DataGrid
        rows={data.invitations}
        {...layout}
        disableRowSelectionOnClick
        disableColumnMenu
        autoHeight
        hideFooter={data.invitations.length === data.total}
        localeText={{ noRowsLabel: 'No pending invitations' }}
      />
      <ConfirmDialog
        open={reissue !== null}
        title={reissue?.why === 'resend' ? 'Resend Invitation' : 'Create a New Link'}
        message={reissueQuestion(reissue, emailConfigured)}
        confirmLabel={reissue?.why === 'resend' ? 'Resend' : 'Create a new link'}
        busy={isReissuing}
        onConfirm={() => void confirmReissue()}
        onClose={() => setReissue(null)}
      />
    </section>
  );
}

function reissueQuestion(reissue: Reissue | null, emailConfigured: boolean): string {
  if (!reissue) return '';
  const { email } = reissue.invitation;
  if (reissue.why === 'resend') return `A new invitation link will be emailed to ${email}. ${PREVIOUS_LINK_STOPS}`;
  const emailed = emailConfigured ? ` and emailed to ${email}` : '';
  return `The link already shared with ${email} cannot be shown again: Parley keeps only a fingerprint of it. A new link can be created${emailed} instead. ${PREVIOUS_LINK_STOPS}`;
}
