import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import { API_BASE_URL } from '@client/api/base-query';

/** Where an API path with its query downloads from (the session cookie goes with a plain link). */
export function apiDownloadUrl(path: string, params: Record<string, string | undefined> = {}): string {
  const query = new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const search = query.toString();
  return `${API_BASE_URL}${path}${search ? `?${search}` : ''}`;
}

/** 'Export CSV': a download link, so the server streams the file straight to disk. */
export function CsvDownloadButton({ href, label = 'Export CSV' }: { href: string; label?: string }) {
  return (
    <Button component="a" href={href} download variant="outlined" startIcon={<DownloadIcon />}>
      {label}
    </Button>
  );
}
