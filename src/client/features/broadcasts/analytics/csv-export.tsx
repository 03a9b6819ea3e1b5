import { apiDownloadUrl, CsvDownloadButton } from '@client/components/csv-download-button';
import type { RecipientFilter } from '@shared/api/broadcasts';

/** 'Export CSV': a download link for the recipients of a list. */
export function CsvExportButton({ broadcastId, filter, errorCode, label = 'Export CSV' }: {
  broadcastId: string;
  filter: RecipientFilter;
  errorCode?: string;
  label?: string;
}) {
  return <CsvDownloadButton href={apiDownloadUrl(`/broadcast/${encodeURIComponent(broadcastId)}/recipients.csv`, { filter, errorCode })} label={label} />;
}
