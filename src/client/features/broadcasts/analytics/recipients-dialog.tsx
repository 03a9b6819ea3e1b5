import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { contactName, contactPhone, type NamedContact } from '@client/components/contacts/contact-name';
import { PagedDataGrid, useServerPagination } from '@client/components/paged-data-grid';
import { useNarrowScreen } from '@client/components/use-narrow-screen';
import type { BroadcastRecipient } from '@shared/api/broadcasts';
import { formatCountOf } from '@shared/format/count';
import { useGetBroadcastRecipientsQuery } from '../broadcasts-api';
import { RECIPIENT_STATE_LABELS } from '../broadcast-status';
import { CsvExportButton } from './csv-export';
import { FILTER_TITLES, type DrillDown } from './drill-down';

/** Rows per page of a drill-down. */
const RECIPIENT_PAGE_SIZE = 25;

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const when = (value: string | null) => (value ? DATE_TIME.format(new Date(value)) : '–');

const DELIVERY_LABELS: Record<string, string> = { sending: 'Sending', sent: 'Sent', delivered: 'Delivered', read: 'Read', failed: 'Failed' };

function errorText(recipient: BroadcastRecipient): string {
  if (recipient.errorCode === null && !recipient.errorMessage) return '–';
  return [recipient.errorCode, recipient.errorMessage].filter((part) => part !== null && part !== '').join(': ');
}

function ContactCell({ recipient }: { recipient: BroadcastRecipient }) {
  const contact: NamedContact = { name: recipient.contactName, profileName: recipient.contactProfileName, e164: recipient.phoneNumber };
  const { text, source } = contactName(contact);
  return (
    <Box sx={{ py: 1, minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{text}</Typography>
      {source !== 'phone' && <Typography variant="caption" color="text.secondary">{contactPhone(contact)}</Typography>}
    </Box>
  );
}

function RecipientsGrid({ broadcastId, drillDown }: { broadcastId: string; drillDown: DrillDown }) {
  const narrow = useNarrowScreen();
  const { query, pageOf } = useServerPagination(RECIPIENT_PAGE_SIZE);
  const { data, isFetching, isError } = useGetBroadcastRecipientsQuery({
    broadcastId,
    filter: drillDown.filter,
    ...(drillDown.errorCode !== undefined && { errorCode: drillDown.errorCode }),
    ...query,
  });

  const columns = useMemo<GridColDef<BroadcastRecipient>[]>(() => {
    const contact: GridColDef<BroadcastRecipient> = {
      field: 'contactName', headerName: 'Contact', flex: 1, minWidth: narrow ? 0 : 180, sortable: false,
      renderCell: ({ row }) => <ContactCell recipient={row} />,
    };
    const state: GridColDef<BroadcastRecipient> = {
      field: 'state', headerName: 'Status', width: 130, sortable: false,
      valueGetter: (_value, row) => (row.unconfirmed ? FILTER_TITLES.unconfirmed : RECIPIENT_STATE_LABELS[row.state]),
      // "Not confirmed by WhatsApp" wraps rather than being cut short.
      renderCell: ({ value }) => <Typography variant="body2" sx={{ py: 1, whiteSpace: 'normal' }}>{String(value)}</Typography>,
    };
    if (narrow) return [contact, state];
    return [
      contact,
      state,
      { field: 'messageStatus', headerName: 'Delivery', width: 110, sortable: false, valueGetter: (_value, row) => (row.messageStatus ? (DELIVERY_LABELS[row.messageStatus] ?? row.messageStatus) : '–') },
      { field: 'error', headerName: 'Error', flex: 1, minWidth: 160, sortable: false, valueGetter: (_value, row) => errorText(row) },
      { field: 'sentAt', headerName: 'Sent', width: 170, sortable: false, valueGetter: (_value, row) => when(row.sentAt) },
      { field: 'repliedAt', headerName: 'Replied', width: 170, sortable: false, valueGetter: (_value, row) => when(row.repliedAt) },
    ];
  }, [narrow]);

  if (isError && !data) return <Alert severity="error">Failed to load recipients. Please try again.</Alert>;
  const total = data?.pagination.total;
  return (
    <>
      {total !== undefined && (
        <Typography variant="body2" color="text.secondary">
          {formatCountOf(total, 'recipient')}
        </Typography>
      )}
      <PagedDataGrid
        page={pageOf(data?.data, total, isFetching)}
        columns={columns}
        getRowHeight={() => 'auto'}
        emptyText="No recipients in this list"
        label={`Recipients: ${drillDown.title}`}
      />
    </>
  );
}

export interface RecipientsDialogProps {
  broadcastId: string;
  /** The list shown; null closes the dialog. */
  drillDown: DrillDown | null;
  /** Export CSV is offered with analytics:view_advanced and analytics:export together. */
  canExport: boolean;
  onClose: () => void;
}

/** The recipients behind a figure, a funnel stage or a failure reason, paged by the server, with its CSV. */
export function RecipientsDialog({ broadcastId, drillDown, canExport, onClose }: RecipientsDialogProps) {
  const narrow = useNarrowScreen();
  return (
    <Dialog open={drillDown !== null} onClose={onClose} fullWidth maxWidth="lg" fullScreen={narrow} aria-labelledby="recipients-dialog-title">
      {drillDown && (
        <>
          <DialogTitle id="recipients-dialog-title" sx={{ pr: 7, overflowWrap: 'anywhere' }}>
            Recipients: {drillDown.title}
          </DialogTitle>
          <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
            <CloseIcon />
          </IconButton>
          <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
            {canExport && (
              <Box>
                <CsvExportButton broadcastId={broadcastId} filter={drillDown.filter} errorCode={drillDown.errorCode} />
              </Box>
            )}
            <RecipientsGrid
              key={`${drillDown.filter}:${drillDown.errorCode ?? ''}`}
              broadcastId={broadcastId}
              drillDown={drillDown}
            />
          </DialogContent>
        </>
      )}
    </Dialog>
  );
}
