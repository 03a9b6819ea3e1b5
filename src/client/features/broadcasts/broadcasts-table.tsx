import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import InsightsOutlinedIcon from '@mui/icons-material/InsightsOutlined';
import PlayArrowOutlinedIcon from '@mui/icons-material/PlayArrowOutlined';
import ScheduleSendOutlinedIcon from '@mui/icons-material/ScheduleSendOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@client/app/paths';
import { PagedDataGrid, type ServerPage } from '@client/components/paged-data-grid';
import { useNarrowScreen } from '@client/components/use-narrow-screen';
import type { Broadcast } from '@shared/api/broadcasts';
import { formatCount } from '@shared/format/count';
import { BroadcastProgress } from './broadcast-progress';
import { audienceLabel, whenLabel } from './broadcast-row-labels';
import { BroadcastStatusChip, isUnsent } from './broadcast-status';

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export function createdAtLabel(broadcast: Broadcast): string {
  return DATE_TIME.format(new Date(broadcast.createdAt));
}

/** What the signed-in member may do with a row; the screen works it out from the session. */
export interface BroadcastRowAbilities {
  delete: boolean;
  resume: boolean;
  /** Send a draft now (broadcasts:send). */
  send: boolean;
  /** Cancel a scheduled broadcast (broadcasts:delete). */
  cancel: boolean;
  /** Open the broadcast's analytics (analytics:view). */
  analytics: boolean;
  /** Edit a draft or scheduled broadcast (broadcasts:edit). */
  edit: boolean;
}

/** What the row buttons do. */
export interface BroadcastRowHandlers {
  onDelete: (broadcast: Broadcast) => void;
  onResume: (broadcast: Broadcast) => void;
  onSend: (broadcast: Broadcast) => void;
  onCancel: (broadcast: Broadcast) => void;
}

export interface BroadcastsTableProps {
  page: ServerPage<Broadcast>;
  can: BroadcastRowAbilities;
  emptyText: string;
  handlers: BroadcastRowHandlers;
  /** The organization's time zone, in which times are shown. */
  timeZone: string;
}

/** The broadcast's name, its template (when the name differs) and its audience. */
function NameCell({ broadcast }: { broadcast: Broadcast }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.25, minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{broadcast.name || broadcast.templateName}</Typography>
      <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {/* The template is named when the broadcast's name is not simply the template's. */}
        {broadcast.name && broadcast.name !== broadcast.templateName ? `Template ${broadcast.templateName} · ` : ''}To {audienceLabel(broadcast)}
      </Typography>
    </Box>
  );
}

/** When it goes or went out, and who made it. */
function WhenCell({ broadcast, timeZone }: { broadcast: Broadcast; timeZone: string }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 0.25, minWidth: 0 }}>
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>{whenLabel(broadcast, timeZone)}</Typography>
      {broadcast.createdBy && (
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>by {broadcast.createdBy.name}</Typography>
      )}
    </Box>
  );
}

/** The status chip, and why a paused or failed broadcast stopped. */
function StatusCell({ broadcast }: { broadcast: Broadcast }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: 0.5, minWidth: 0 }}>
      <BroadcastStatusChip status={broadcast.status} />
      {broadcast.statusReason && (broadcast.status === 'paused' || broadcast.status === 'failed') && (
        <Typography variant="caption" color="text.secondary" sx={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>
          {broadcast.statusReason}
        </Typography>
      )}
    </Box>
  );
}

function deliveredAndRead(broadcast: Broadcast): string {
  return `${formatCount(broadcast.deliveredCount)} delivered / ${formatCount(broadcast.readCount)} read`;
}

function RowActions({ broadcast, can, handlers, vertical }: {
  broadcast: Broadcast;
  can: BroadcastRowAbilities;
  handlers: BroadcastRowHandlers;
  vertical: boolean;
}) {
  const { onDelete, onResume, onSend, onCancel } = handlers;
  const name = broadcast.name || broadcast.templateName;
  return (
    <Box sx={{ display: 'flex', flexDirection: vertical ? 'column' : 'row', alignItems: 'center', height: '100%', justifyContent: 'center' }}>
      {can.send && broadcast.status === 'draft' && (
        <Tooltip title="Send now">
          <IconButton size="small" color="primary" aria-label={`Send ${name} now`} onClick={() => onSend(broadcast)}>
            <SendOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {can.edit && isUnsent(broadcast.status) && (
        <Tooltip title="Edit">
          <IconButton size="small" component={RouterLink} to={paths.editBroadcast(broadcast.id)} aria-label={`Edit ${name}`}>
            <EditOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {can.cancel && broadcast.status === 'scheduled' && (
        <Tooltip title="Cancel schedule">
          <IconButton size="small" color="warning" aria-label={`Cancel ${name}`} onClick={() => onCancel(broadcast)}>
            <ScheduleSendOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {can.analytics && (
        <Tooltip title="Analytics">
          <IconButton size="small" component={RouterLink} to={paths.broadcastAnalytics(broadcast.id)} aria-label={`Analytics of ${name}`}>
            <InsightsOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {can.resume && broadcast.status === 'paused' && (
        <Tooltip title="Resume">
          <IconButton size="small" color="primary" aria-label={`Resume ${name}`} onClick={() => onResume(broadcast)}>
            <PlayArrowOutlinedIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {can.delete && (
        <Tooltip title="Delete">
          <IconButton size="small" color="error" aria-label={`Delete ${name}`} onClick={() => onDelete(broadcast)}>
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}

// Text wraps (the grid's cells keep to one line by default), so the columns fit a laptop's width.
const CELL = { py: 1.25, width: '100%', minWidth: 0, whiteSpace: 'normal' } as const;

/**
 * Name (template, audience), status, progress, delivered / read, when (and by whom), and the actions
 * (send a draft, cancel a schedule, analytics, resume, delete),
 * paged by the server. Under the mobile breakpoint everything but the actions stacks in one column and
 * the actions stack too, so nothing scrolls sideways.
 */
export function BroadcastsTable({ page, can, emptyText, handlers, timeZone }: BroadcastsTableProps) {
  const narrow = useNarrowScreen();
  const columns = useMemo<GridColDef<Broadcast>[]>(() => {
    const actions: GridColDef<Broadcast> = {
      field: 'actions',
      headerName: 'Actions',
      width: narrow ? 88 : 150,
      sortable: false,
      renderCell: ({ row }) => <RowActions broadcast={row} can={can} handlers={handlers} vertical={narrow} />,
    };
    if (narrow) {
      return [
        {
          field: 'templateName',
          headerName: 'Broadcast',
          flex: 1,
          minWidth: 0,
          sortable: false,
          renderCell: ({ row }) => (
            <Box sx={{ ...CELL, display: 'flex', flexDirection: 'column', gap: 0.75 }}>
              <NameCell broadcast={row} />
              <StatusCell broadcast={row} />
              <BroadcastProgress broadcast={row} />
              <Typography variant="body2">{deliveredAndRead(row)}</Typography>
              <WhenCell broadcast={row} timeZone={timeZone} />
            </Box>
          ),
        },
        actions,
      ];
    }
    return [
      {
        field: 'name',
        headerName: 'Broadcast',
        flex: 1.2,
        minWidth: 180,
        sortable: false,
        renderCell: ({ row }) => <Box sx={CELL}><NameCell broadcast={row} /></Box>,
      },
      {
        field: 'status',
        headerName: 'Status',
        width: 140,
        sortable: false,
        renderCell: ({ row }) => <Box sx={CELL}><StatusCell broadcast={row} /></Box>,
      },
      {
        field: 'progress',
        headerName: 'Progress',
        flex: 1.4,
        minWidth: 160,
        sortable: false,
        renderCell: ({ row }) => <Box sx={CELL}><BroadcastProgress broadcast={row} /></Box>,
      },
      {
        field: 'delivered',
        headerName: 'Delivered / Read',
        width: 140,
        sortable: false,
        renderCell: ({ row }) => <Typography variant="body2" sx={CELL}>{deliveredAndRead(row)}</Typography>,
      },
      {
        field: 'when',
        headerName: 'When',
        width: 150,
        sortable: false,
        renderCell: ({ row }) => <Box sx={CELL}><WhenCell broadcast={row} timeZone={timeZone} /></Box>,
      },
      actions,
    ];
  }, [narrow, can, handlers, timeZone]);

  return (
    <PagedDataGrid
      page={page}
      columns={columns}
      getRowHeight={() => 'auto'}
      emptyText={emptyText}
      label="Broadcasts"
    />
  );
}
