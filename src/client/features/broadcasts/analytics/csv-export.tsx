import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { API_BASE_URL } from '@client/api/base-query';
import type { RecipientFilter } from '@shared/api/broadcasts';

/** Where the recipients of a list download as CSV (the session cookie goes with a plain link). */
function recipientsCsvUrl(broadcastId: string, filter: RecipientFilter, errorCode?: string): string {
  const params = new URLSearchParams({ filter, ...(errorCode !== undefined && { errorCode }) });
  return `${API_BASE_URL}/broadcast/${encodeURIComponent(broadcastId)}/recipients.csv?${params.toString()}`;
}

/** 'Export CSV': a download link for the recipients of a list. */
export function CsvExportButton({ broadcastId, filter, errorCode, label = 'Export CSV' }: {
  broadcastId: string;
  filter: RecipientFilter;
  errorCode?: string;
  label?: string;
}) {
  return (
    <Button component="a" href={recipientsCsvUrl(broadcastId, filter, errorCode)} download variant="outlined" startIcon={<DownloadIcon />}>
      {label}
    </Button>
  );
}
