import AddIcon from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useCallback, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { paths } from '@client/app/paths';
import { FilterSelect } from '@client/components/filter-select';
import { ConfirmDialog } from '@client/components/confirm-dialog';
import { errorMessage } from '@client/components/error-message';
import { PageHeader } from '@client/components/page-header';
import { useServerPagination } from '@client/components/paged-data-grid';
import { useRecordAction } from '@client/components/toast/use-record-action';
import { useToast } from '@client/components/toast/use-toast';
import { useSession } from '@client/session/use-session';
import { BROADCAST_STATUSES, type Broadcast, type BroadcastStatus } from '@shared/api/broadcasts';
import { BROADCAST_PAGE_SIZE, BROADCAST_PROGRESS_REFRESH_MS } from '@shared/constants';
import { broadcastsApi, useDeleteBroadcastMutation, useGetBroadcastsQuery, useResumeBroadcastMutation } from './broadcasts-api';
import { BROADCAST_STATUS_LABELS, isSending, isUnfinished } from './broadcast-status';
import { BroadcastsTable, createdAtLabel, type BroadcastRowAbilities } from './broadcasts-table';
import { useGetScheduleZoneQuery } from './broadcast-drafts-api';
import { useUnsentBroadcastActions } from './unsent-broadcast-actions';
import { DEFAULT_TIME_ZONE } from '@shared/organization-settings/time-zones';

type StatusFilter = BroadcastStatus | 'all';

const STATUS_OPTIONS: ReadonlyArray<readonly [StatusFilter, string]> = [
  ['all', 'All statuses'],
  ...BROADCAST_STATUSES.map((value) => [value, BROADCAST_STATUS_LABELS[value]] as const),
];

/** The Broadcasts screen: a status filter, the list 10 a page with each one's progress, and New Broadcast. */
export default function BroadcastsScreen() {
  const { can } = useSession();
  const toast = useToast();
  const runAction = useRecordAction('Broadcast');
  const [status, setStatus] = useState<StatusFilter>('all');
  const { setPagination, query, pageOf } = useServerPagination(BROADCAST_PAGE_SIZE);
  const [deleting, setDeleting] = useState<Broadcast | null>(null);
  const args = { ...query, ...(status !== 'all' && { status }) };

  // While a broadcast on this page is sending, the page refreshes itself (not in a hidden tab).
  const held = broadcastsApi.endpoints.getBroadcasts.useQueryState(args);
  const sending = held.data?.data.some((broadcast) => isSending(broadcast.status)) ?? false;
  const { data, isFetching, isError } = useGetBroadcastsQuery(args, {
    pollingInterval: sending ? BROADCAST_PROGRESS_REFRESH_MS : 0,
    skipPollingIfUnfocused: true,
  });
  const [deleteBroadcast, { isLoading: isDeleting }] = useDeleteBroadcastMutation();
  const [resumeBroadcast] = useResumeBroadcastMutation();
  const zone = useGetScheduleZoneQuery();
  const unsentActions = useUnsentBroadcastActions();

  const abilities = useMemo<BroadcastRowAbilities>(
    () => ({
      delete: can('broadcasts:delete'),
      resume: can('broadcasts:send'),
      send: can('broadcasts:send'),
      cancel: can('broadcasts:delete'),
      analytics: can('analytics:view'),
      edit: can('broadcasts:edit'),
    }),
    [can],
  );

  const confirmDelete = async () => {
    if (!deleting) return;
    if (await runAction('delete', () => deleteBroadcast(deleting.id).unwrap())) setDeleting(null);
  };

  const onResume = useCallback(
    (broadcast: Broadcast) => {
      void resumeBroadcast(broadcast.id)
        .unwrap()
        .then(
          () => toast.success('Success', 'Broadcast resumed'),
          (error: unknown) => toast.error('Error', errorMessage(error, 'Failed to resume broadcast')),
        );
    },
    [resumeBroadcast, toast],
  );
  const handlers = useMemo(() => ({ onDelete: setDeleting, onResume, ...unsentActions }), [onResume, unsentActions]);

  return (
    <Box>
      <PageHeader
        title="Broadcasts"
        subtitle="Approved templates sent to a tag or to chosen contacts, and what they earned."
        actions={
          <>
            <FilterSelect
              label="Status"
              value={status}
              options={STATUS_OPTIONS}
              onChange={(value) => {
                setStatus(value);
                setPagination((model) => ({ ...model, page: 0 }));
              }}
            />
            {can('broadcasts:create') && (
              <Button component={RouterLink} to={paths.newBroadcast()} variant="contained" startIcon={<AddIcon />}>
                New Broadcast
              </Button>
            )}
          </>
        }
      />
      {isError && !data ? (
        <Alert severity="error">Failed to load broadcasts. Please try again.</Alert>
      ) : (
        <BroadcastsTable
          page={pageOf(data?.data, data?.pagination.total, isFetching)}
          can={abilities}
          emptyText={status === 'all' ? 'No broadcasts yet' : `No ${BROADCAST_STATUS_LABELS[status].toLowerCase()} broadcasts`}
          handlers={handlers}
          timeZone={zone.data?.timeZone ?? DEFAULT_TIME_ZONE}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete Broadcast"
        message={
          deleting && (
            <>
              Are you sure you want to delete the broadcast &quot;{deleting.name || deleting.templateName}&quot; created {createdAtLabel(deleting)}?
              {isUnfinished(deleting.status) &&
                ' It is still sending: it will be cancelled first, and its unsent recipients will not be sent.'}
            </>
          )
        }
        confirmLabel="Delete"
        destructive
        busy={isDeleting}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
