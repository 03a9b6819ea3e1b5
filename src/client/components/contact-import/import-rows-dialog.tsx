import DownloadIcon from '@mui/icons-material/Download';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ContactImportResult } from '@shared/api/contact-import';
import { importRowsFileName, importRowsHref } from './import-rows-csv';
import { RowErrorList, RowWarningList } from './row-error-list';

/** 'Download CSV': the warnings and errors of an import, as one file. */
export function ImportRowsDownload({ result }: { result: ContactImportResult }) {
  return (
    <Button component="a" href={importRowsHref(result)} download={importRowsFileName(result)} startIcon={<DownloadIcon />}>
      Download CSV
    </Button>
  );
}

/** An import's rows to check: those imported with a cleaned name, then those skipped. */
export function ImportRowsDialog({ result, open, onClose }: { result: ContactImportResult; open: boolean; onClose: () => void }) {
  const { stats } = result;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="import-rows-title">
      <DialogTitle id="import-rows-title">Import warnings and errors</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          {stats.warnings > 0 && (
            <section aria-labelledby="import-warnings-heading">
              <Typography id="import-warnings-heading" variant="subtitle2" component="h3" gutterBottom>
                Imported with a cleaned name ({stats.warnings.toLocaleString()})
              </Typography>
              <RowWarningList warnings={result.warnings} total={stats.warnings} />
            </section>
          )}
          {stats.errors > 0 && (
            <section aria-labelledby="import-errors-heading">
              <Typography id="import-errors-heading" variant="subtitle2" component="h3" gutterBottom>
                Skipped ({stats.errors.toLocaleString()})
              </Typography>
              <RowErrorList errors={result.errors} total={stats.errors} />
            </section>
          )}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap' }}>
        <ImportRowsDownload result={result} />
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
