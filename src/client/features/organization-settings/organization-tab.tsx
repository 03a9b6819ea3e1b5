import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import { useGetOrganizationSettingsQuery } from './organization-settings-api';
import { OrganizationSettingsForm } from './organization-settings-form';
import { SettingChangesGrid } from './setting-changes-grid';

/** The Organization tab of Settings (settings:view): the organization's settings and who changed them. */
export default function OrganizationTab() {
  const { data, isLoading, isError } = useGetOrganizationSettingsQuery();
  return (
    <Stack spacing={3}>
      {isLoading && <CircularProgress aria-label="Loading organization settings" />}
      {isError && !data && <Alert severity="error">Failed to load the organization settings. Please try again.</Alert>}
      {data && <OrganizationSettingsForm settings={data} />}
      <SettingChangesGrid />
    </Stack>
  );
}
