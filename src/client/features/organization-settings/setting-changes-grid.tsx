import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridColDef } from '@mui/x-data-grid';
import { format } from 'date-fns';
import { PagedDataGrid, useServerPagination } from '@client/components/paged-data-grid';
import { useStackedColumns } from '@client/components/stacked-columns';
import type { OrganizationSettingChange, OrganizationSettingName, OrganizationSettingValue } from '@shared/api/organization-settings';
import { useGetOrganizationSettingChangesQuery } from './organization-settings-api';

const PAGE_SIZE = 10;

const SETTING_LABELS: Record<OrganizationSettingName, string> = {
  readReceipts: 'Read receipts',
  'autoAssign.enabled': 'Auto-assignment',
  'autoAssign.cap': 'Open conversations per member',
  timeZone: 'Time zone',
  optOutKeywords: 'Opt-out keywords',
};

const shown = (value: OrganizationSettingValue) => (typeof value === 'boolean' ? (value ? 'On' : 'Off') : String(value));

const COLUMNS: GridColDef<OrganizationSettingChange>[] = [
  {
    field: 'changedAt',
    headerName: 'When',
    width: 170,
    sortable: false,
    valueFormatter: (value: string) => format(new Date(value), 'MMM d, yyyy, HH:mm'),
  },
  {
    field: 'changedBy',
    headerName: 'Who',
    width: 160,
    sortable: false,
    valueGetter: (_value, row) => row.changedBy?.name ?? 'A former member',
  },
  { field: 'setting', headerName: 'Setting', flex: 1, minWidth: 180, sortable: false, valueFormatter: (value: OrganizationSettingName) => SETTING_LABELS[value] },
  {
    field: 'change',
    headerName: 'Change',
    flex: 1,
    minWidth: 180,
    sortable: false,
    valueGetter: (_value, row) => `${shown(row.oldValue)} → ${shown(row.newValue)}`,
  },
];

/** The settings' change log, newest first, a page at a time: when, who, what, from → to (stacked under When on a phone). */
export function SettingChangesGrid() {
  const { query, pageOf } = useServerPagination(PAGE_SIZE);
  const { data, isFetching, isError } = useGetOrganizationSettingChangesQuery(query);
  const layout = useStackedColumns(COLUMNS);
  return (
    <Stack spacing={1.5}>
      <Typography variant="h6" component="h2">
        Change history
      </Typography>
      {isError && !data ? (
        <Alert severity="error">Failed to load the change history. Please try again.</Alert>
      ) : (
        <PagedDataGrid
          page={pageOf(data?.data, data?.pagination.total, isFetching)}
          {...layout}
          emptyText="No setting has been changed yet"
          label="Organization setting changes"
        />
      )}
    </Stack>
  );
}
