import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { DataGrid, type GridColDef } from '@mui/x-data-grid';
import { useEffect, useMemo, useRef, useState } from 'react';
import { invitationLink } from '@client/app/paths';
import { copyToClipboard } from '@client/components/clipboard';
import type { PendingInvitation } from '@shared/api/members';
import { COPY_FEEDBACK_MS } from '@shared/constants';
import { formatDay } from './format-day';
import { useGetInvitationsQuery, useResendInvitationMutation } from './members-api';

const COPY_FAILED = 'Failed to copy invitation link. Please try again.';

export interface PendingInvitationsProps {
  /** Copy Link is for inviters (members:invite). */
  canInvite: boolean;
  /** Tokens this page already holds, by invitation id (from creating or resending it). */
  knownTokens: Readonly<Record<string, string>>;
  onTokenIssued: (invitationId: string, token: string) => void;
}

/**
 * 'Pending Invitations (total)', shown only when there are any. Only a hash of each token is stored,
 * so a link can be copied as long as this page holds its token (the invitation was just created
 * or resent here); otherwise Copy Link asks the server for a fresh link, which retires the old one.
 */
export function PendingInvitations({ canInvite, knownTokens, onTokenIssued }: PendingInvitationsProps) {
  const { data } = useGetInvitationsQuery();
  const [resend] = useResendInvitationMutation();
  const [copiedId, setCopiedId] = useState<string | null>(null);
  const [copyFailed, setCopyFailed] = useState(false);
  const feedbackTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(feedbackTimer.current), []);

  const columns = useMemo<GridColDef<PendingInvitation>[]>(() => {
    const copyLink = async (invitation: PendingInvitation) => {
      setCopyFailed(false);
      const known: string | undefined = knownTokens[invitation.id];
      const link =
        known !== undefined
          ? invitationLink(known)
          : resend(invitation.id)
              .unwrap()
              .then((issued) => {
                onTokenIssued(invitation.id, issued.token);
                return invitationLink(issued.token);
              });
      try {
        await copyToClipboard(link);
        setCopiedId(invitation.id);
        clearTimeout(feedbackTimer.current);
        feedbackTimer.current = setTimeout(() => setCopiedId(null), COPY_FEEDBACK_MS);
      } catch {
        setCopyFailed(true);
      }
    };

    const base: GridColDef<PendingInvitation>[] = [
      { field: 'email', headerName: 'Email', flex: 2, minWidth: 200, sortable: false },
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
        width: 140,
        sortable: false,
        renderCell: ({ row }) => {
          const text = copiedId === row.id ? 'Copied!' : 'Copy Link';
          // The name starts with the visible text (what a speech-input user says), then which row.
          return (
            <Button
              size="small"
              startIcon={copiedId === row.id ? <CheckIcon /> : <ContentCopyIcon />}
              onClick={() => void copyLink(row)}
              aria-label={`${text} (invitation for ${row.email})`}
            >
              {text}
            </Button>
          );
        },
      },
    ];
  }, [canInvite, copiedId, knownTokens, onTokenIssued, resend]);

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
        columns={columns}
        disableRowSelectionOnClick
        disableColumnMenu
        autoHeight
        hideFooter={data.invitations.length === data.total}
        localeText={{ noRowsLabel: 'No pending invitations' }}
      />
    </section>
  );
}
