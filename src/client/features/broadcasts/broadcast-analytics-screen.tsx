import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { isApiError } from '@client/api/api-error';
import { paths } from '@client/app/paths';
import { errorMessage } from '@client/components/error-message';
import { PageHeader } from '@client/components/page-header';
import { useToast } from '@client/components/toast/use-toast';
import { useSession } from '@client/session/use-session';
import { BROADCAST_TEXTS } from '@shared/api/broadcasts';
import { BROADCAST_PROGRESS_REFRESH_MS } from '@shared/constants';
import { formatCountOf } from '@shared/format/count';
import { RECIPIENTS_EXPORT_PERMISSIONS } from '@shared/permissions/recipients-export';
import { FigureCards } from './analytics/figure-cards';
import { ButtonRulesPanel } from './analytics/button-rules-panel';
import { AssignmentSection, ButtonPerformanceSection } from './analytics/clicks-sections';
import { CsvExportButton } from './analytics/csv-export';
import type { DrillDown } from './analytics/drill-down';
import { FailuresSection } from './analytics/failures-section';
import { FunnelSection } from './analytics/funnel-section';
import { RecipientsDialog } from './analytics/recipients-dialog';
import { UnconfirmedSection } from './analytics/unconfirmed-section';
import { broadcastsApi, useGetBroadcastAnalyticsQuery, useResendUnconfirmedMutation, useRetryFailedMutation } from './broadcasts-api';
import { BroadcastStatusChip, isSending, isUnsent } from './broadcast-status';

/**
 * Broadcast Analytics: every figure of the broadcast, the recipients WhatsApp never confirmed with Send
 * again, the funnel, failures by reason with Retry failed, button performance and assignments; every count lists its recipients. While the broadcast is sending
 * the screen refreshes itself (not in a hidden tab).
 */
export default function BroadcastAnalyticsScreen() {
  const { id = '' } = useParams();
  const { can } = useSession();
  const toast = useToast();
  const [drillDown, setDrillDown] = useState<DrillDown | null>(null);
  // Recipient lists are advanced analytics: without the permission the counts list nobody.
  const openDrillDown = can('analytics:view_advanced') ? setDrillDown : undefined;
  const canExport = RECIPIENTS_EXPORT_PERMISSIONS.every(can);
  const held = broadcastsApi.endpoints.getBroadcastAnalytics.useQueryState(id || skipToken);
  const sending = held.data ? isSending(held.data.status) : false;
  const { data, isLoading, isError, error } = useGetBroadcastAnalyticsQuery(id || skipToken, {
    pollingInterval: sending ? BROADCAST_PROGRESS_REFRESH_MS : 0,
    skipPollingIfUnfocused: true,
  });
  const [retryFailed, { isLoading: retrying }] = useRetryFailedMutation();
  const [resendUnconfirmed, { isLoading: resending }] = useResendUnconfirmedMutation();

  const sendAgain = async () => {
    try {
      const { requeued } = await resendUnconfirmed(id).unwrap();
      if (requeued === 0) toast.info('Nothing to send again', 'WhatsApp has reported on every one of these recipients meanwhile.');
      else toast.success('Success', `${formatCountOf(requeued, 'recipient')} queued to be sent again`);
    } catch (failure) {
      toast.error('Error', errorMessage(failure, 'Failed to send again'));
    }
  };

  const retry = async () => {
    try {
      const { requeued } = await retryFailed(id).unwrap();
      if (requeued === 0) toast.info('Nothing to retry', 'No failed recipient can be retried: delivered or already retried ones are not sent again.');
      else toast.success('Success', `${formatCountOf(requeued, 'failed recipient')} queued again`);
    } catch (failure) {
      toast.error('Error', errorMessage(failure, 'Failed to retry the failed recipients'));
    }
  };

  return (
    <Box>
      <PageHeader
        title="Broadcast Analytics"
        subtitle={
          data && (
            <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
              {data.templateName}
              <BroadcastStatusChip status={data.status} />
            </Box>
          )
        }
        actions={
          <>
            <Button component={RouterLink} to={paths.broadcasts} startIcon={<ArrowBackIcon />} color="inherit">
              Back to Broadcasts
            </Button>
            {data && isUnsent(data.status) && can('broadcasts:edit') && (
              <Button component={RouterLink} to={paths.editBroadcast(id)} startIcon={<EditOutlinedIcon />} variant="outlined">
                Edit
              </Button>
            )}
            {data && canExport && <CsvExportButton broadcastId={id} filter="attempted" label="Export CSV" />}
          </>
        }
      />
      {isLoading && (
        <Box aria-busy="true" aria-label="Loading analytics" sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))' }}>
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={96} />
          ))}
        </Box>
      )}
      {isError && !data && (
        <Alert severity="error">
          <AlertTitle>{BROADCAST_TEXTS.analyticsFailed}</AlertTitle>
          {isApiError(error) && error.error}
        </Alert>
      )}
      {data && (
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
          {data.status === 'paused' && (
            <Alert severity="warning">
              <AlertTitle>This broadcast is paused</AlertTitle>
              {data.statusReason}
            </Alert>
          )}
          {data.status === 'failed' && data.statusReason && <Alert severity="error">{data.statusReason}</Alert>}
          <UnconfirmedSection
            count={data.unconfirmedCount}
            onDrillDown={openDrillDown}
            canSendAgain={can('broadcasts:send')}
            sending={resending}
            onSendAgain={sendAgain}
          />
          <FigureCards analytics={data} onDrillDown={openDrillDown} />
          <FunnelSection analytics={data} onDrillDown={openDrillDown} />
          <FailuresSection
            analytics={data}
            onDrillDown={openDrillDown}
            canRetry={can('broadcasts:send')}
            retrying={retrying}
            onRetry={() => void retry()}
          />
          {can('analytics:view_advanced') && data.buttonPerformance && <ButtonPerformanceSection buttons={data.buttonPerformance} />}
          {can('analytics:view_advanced') && data.assignmentDistribution && <AssignmentSection assignments={data.assignmentDistribution} />}
          <ButtonRulesPanel broadcastId={id} />
        </Box>
      )}
      <RecipientsDialog broadcastId={id} drillDown={drillDown} canExport={canExport} onClose={() => setDrillDown(null)} />
    </Box>
  );
}
