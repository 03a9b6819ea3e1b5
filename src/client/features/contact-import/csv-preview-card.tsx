import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CsvPreview } from './csv-preview';
import { RowErrorList, RowWarningList } from '@client/components/contact-import/row-error-list';

/** Before uploading: how many rows, the first few as written, and which rows will be skipped and why. */
export function CsvPreviewCard({ preview }: { preview: CsvPreview }) {
  return (
    <Card variant="outlined" component="section" aria-labelledby="csv-preview-heading">
      <CardContent>
        <Typography id="csv-preview-heading" variant="h6" component="h2" gutterBottom>
          Preview
        </Typography>
        {preview.problem ? (
          <Alert severity="error">{preview.problem}</Alert>
        ) : (
          <>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
              <Chip label={`${preview.totalRows.toLocaleString()} rows`} />
              <Chip color="success" variant="outlined" label={`${preview.validRows.toLocaleString()} ready to import`} />
              {preview.warningCount > 0 && (
                <Chip color="info" variant="outlined" label={`${preview.warningCount.toLocaleString()} with a name to clean`} />
              )}
              {preview.errorCount > 0 && (
                <Chip color="warning" variant="outlined" label={`${preview.errorCount.toLocaleString()} with errors (will be skipped)`} />
              )}
            </Box>
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label="First rows">
                <TableHead>
                  <TableRow>
                    {preview.header.map((column, index) => (
                      <TableCell key={index}>{column.replace(/^\uFEFF/, '')}</TableCell>
                    ))}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {preview.sample.map((row, index) => (
                    <TableRow key={index}>
                      {preview.header.map((_column, cell) => (
                        <TableCell key={cell}>{row[cell] ?? ''}</TableCell>
                      ))}
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            {preview.warningCount > 0 && (
              <Box sx={{ mt: 2 }}>
                <Typography variant="subtitle2" gutterBottom>
                  Rows imported with a cleaned name
                </Typography>
                <RowWarningList warnings={preview.warnings} total={preview.warningCount} />
              </Box>
            )}
            {preview.errorCount > 0 && (
              <Box sx={{ mt: 2 }}>
                <Typography variant="subtitle2" gutterBottom>
                  Rows that will be skipped
                </Typography>
                <RowErrorList errors={preview.errors} total={preview.errorCount} />
              </Box>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
