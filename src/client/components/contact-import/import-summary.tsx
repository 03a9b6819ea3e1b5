import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { ContactImportResult } from '@shared/api/contact-import';
import { formatCountOf } from '@shared/format/count';
import { ImportRowsDialog, ImportRowsDownload } from './import-rows-dialog';

/** The navigation state a completed import hands to the contacts list, which shows its summary. */
interface ImportedState {
  contactImport: ContactImportResult;
}

export function importedState(result: ContactImportResult): ImportedState {
  return { contactImport: result };
}

function importOf(state: unknown): ContactImportResult | null {
  return typeof state === 'object' && state !== null && 'contactImport' in state ? (state as ImportedState).contactImport : null;
}

/**
 * On the contacts list after an import: what it did (the parts add up to the file's rows), the tag,
 * and the rows to check, to review or download. Dismissing it forgets it, also on reload.
 */
export function ImportSummary() {
  const location = useLocation();
  const navigate = useNavigate();
  const [reviewing, setReviewing] = useState(false);
  const result = importOf(location.state);
  if (!result) return null;

  const { stats, tag } = result;
  const flagged = stats.warnings + stats.errors;
  const dismiss = () => void navigate({ pathname: location.pathname, search: location.search }, { replace: true, state: null });
  return (
    <Alert
      severity={flagged > 0 ? 'warning' : 'success'}
      onClose={dismiss}
      closeText="Dismiss import summary"
      sx={{ mb: 2, '& .MuiAlert-message': { minWidth: 0, flex: 1 } }}
      role="status"
    >
      <AlertTitle>Import Complete</AlertTitle>
      <Typography variant="body2">{result.message}</Typography>
      {tag && (
        <Typography variant="body2">
          Tag <strong>{tag.name}</strong> now has {formatCountOf(tag.contactCount, 'contact')}.
        </Typography>
      )}
      {flagged > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 1 }}>
          <Link component="button" type="button" variant="body2" color="inherit" underline="always" onClick={() => setReviewing(true)}>
            Review {formatCountOf(stats.warnings, 'warning')} and {formatCountOf(stats.errors, 'error')}
          </Link>
          <ImportRowsDownload result={result} />
        </Box>
      )}
      <ImportRowsDialog result={result} open={reviewing} onClose={() => setReviewing(false)} />
    </Alert>
  );
}
