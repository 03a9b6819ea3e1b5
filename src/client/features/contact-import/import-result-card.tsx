import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import type { ContactImportResult } from '@shared/api/contact-import';
import { RowErrorList } from '@client/components/contact-import/row-error-list';
import { formatCountOf } from '@shared/format/count';

function Stat({ label, value }: { label: string; value: number }) {
  return (
    <Box sx={{ minWidth: 110 }}>
      <Typography variant="h5" component="p">
        {value.toLocaleString()}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}

export interface ImportResultCardProps {
  result: ContactImportResult;
  onDone: () => void;
  onAnother: () => void;
}

/** What the server stored: rows, created, updated, errors, and the tag with its contact count. */
export function ImportResultCard({ result, onDone, onAnother }: ImportResultCardProps) {
  const { stats, tag } = result;
  return (
    <Card variant="outlined" component="section" aria-labelledby="import-result-heading">
      <CardContent>
        <Typography id="import-result-heading" variant="h6" component="h2" gutterBottom>
          Import Result
        </Typography>
        <Alert severity={result.success ? (stats.errors > 0 ? 'warning' : 'success') : 'error'} sx={{ mb: 2 }}>
          <AlertTitle>{result.success ? 'Import Complete' : 'Nothing Imported'}</AlertTitle>
          {result.message}
        </Alert>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, mb: 2 }}>
          <Stat label="Total rows" value={stats.totalRows} />
          <Stat label="Created" value={stats.created} />
          <Stat label="Updated" value={stats.updated} />
          <Stat label="Errors" value={stats.errors} />
        </Box>
        {tag && (
          <Typography variant="body2" sx={{ mb: 2 }}>
            Tag <strong>{tag.name}</strong> now has {formatCountOf(tag.contactCount, 'contact')}.
          </Typography>
        )}
        {result.errors.length > 0 && (
          <>
            <Typography variant="subtitle2" gutterBottom>
              Skipped rows
            </Typography>
            <RowErrorList errors={result.errors} total={stats.errors} />
          </>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button variant="contained" onClick={onDone}>
          Go to Contacts
        </Button>
        <Button onClick={onAnother}>Import another file</Button>
      </CardActions>
    </Card>
  );
}
