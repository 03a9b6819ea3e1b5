import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CsvRowError } from '@shared/api/contact-import';

/** Bad rows as 'Line 7: Phone number must be 7-15 digits', scrolling past a dozen. */
export function RowErrorList({ errors, total }: { errors: CsvRowError[]; total: number }) {
  return (
    <>
      <Box component="ul" aria-label="Rows with errors" sx={{ m: 0, pl: 2.5, maxHeight: 240, overflowY: 'auto' }}>
        {errors.map((error) => (
          <Typography component="li" variant="body2" key={error.line}>
            Line {error.line}: {error.reason}
          </Typography>
        ))}
      </Box>
      {total > errors.length && (
        <Typography variant="caption" color="text.secondary">
          …and {(total - errors.length).toLocaleString()} more
        </Typography>
      )}
    </>
  );
}
