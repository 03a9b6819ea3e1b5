import SyncIcon from '@mui/icons-material/Sync';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { useState } from 'react';
import { isApiError } from '@client/api/api-error';
import { useGetTemplatesQuery, useSyncTemplatesMutation } from '@client/api/templates-endpoints';
import { FilterSelect } from '@client/components/filter-select';
import { PageHeader } from '@client/components/page-header';
import { useServerPagination } from '@client/components/paged-data-grid';
import { useToast } from '@client/components/toast/use-toast';
import { useSession } from '@client/session/use-session';
import { TEMPLATE_FILTER_STATUSES, type TemplateFilterStatus } from '@shared/api/templates';
import { syncErrorMessage } from './sync-error-message';
import { TEMPLATE_PAGE_SIZES, TemplatesTable } from './templates-table';

type StatusFilter = TemplateFilterStatus | 'ALL';

const STATUS_LABELS: Record<StatusFilter, string> = { ALL: 'All statuses', APPROVED: 'Approved', PENDING: 'Pending', REJECTED: 'Rejected' };
const STATUS_OPTIONS = (['ALL', ...TEMPLATE_FILTER_STATUSES] as const).map((value) => [value, STATUS_LABELS[value]] as const);

/** Templates: the synced message templates with a status filter and Sync Templates. */
export default function TemplatesScreen() {
  const { can } = useSession();
  const toast = useToast();
  const [status, setStatus] = useState<StatusFilter>('ALL');
  const { setPagination, query, pageOf } = useServerPagination(TEMPLATE_PAGE_SIZES[0]);
  const [syncError, setSyncError] = useState<string | null>(null);
  const { data, isFetching, isError } = useGetTemplatesQuery({ status: status === 'ALL' ? undefined : status, ...query });
  const [sync, { isLoading: syncing }] = useSyncTemplatesMutation();

  const runSync = async () => {
    setSyncError(null);
    try {
      const result = await sync().unwrap();
      toast.success('Templates Synced', `${result.synced} templates synced from WhatsApp`);
    } catch (error) {
      setSyncError(syncErrorMessage(isApiError(error) ? error.error : undefined));
    }
  };

  const lastSync = data?.lastTemplateSync ? new Date(data.lastTemplateSync).toLocaleString() : null;

  return (
    <>
      <PageHeader
        title="Templates"
        subtitle={data && (lastSync ? `Last synced ${lastSync}` : 'Not synced yet')}
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
            {can('templates:sync') && (
              <Button
                variant="contained"
                onClick={() => void runSync()}
                disabled={syncing}
                startIcon={syncing ? <CircularProgress size={16} color="inherit" /> : <SyncIcon />}
              >
                Sync Templates
              </Button>
            )}
          </>
        }
      />
      {syncError && (
        <Alert severity="error" onClose={() => setSyncError(null)} sx={{ mb: 2 }}>
          {syncError}
        </Alert>
      )}
      {isError ? (
        <Alert severity="error">Failed to load templates</Alert>
      ) : (
        <TemplatesTable page={pageOf(data?.data, data?.pagination.total, isFetching)} />
      )}
    </>
  );
}
