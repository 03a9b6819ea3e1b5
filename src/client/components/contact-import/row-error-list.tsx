import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { CsvRowError, CsvRowWarning } from '@shared/api/contact-import';

/** One listed row: its line in the file and what to say of it. */
interface ListedRow {
  line: number;
  text: string;
}

/** Rows of a file as 'Line 7: …', scrolling past a dozen, with how many more there are than listed. */
function RowList({ label, rows, total }: { label: string; rows: ListedRow[]; total: number }) {
  return (
    <>
      <Box component="ul" aria-label={label} sx={{ m: 0, pl: 2.5, maxHeight: 240, overflowY: 'auto', overflowWrap: 'anywhere' }}>
        {rows.map((row) => (
          <Typography component="li" variant="body2" key={row.line}>
            Line {row.line}: {row.text}
          </Typography>
        ))}
      </Box>
      {total > rows.length && (
        <Typography variant="caption" color="text.secondary">
          …and {(total - rows.length).toLocaleString()} more
        </Typography>
      )}
    </>
  );
}

/** Bad rows as 'Line 7: Phone number must be 7-15 digits'. */
export function RowErrorList({ errors, total }: { errors: CsvRowError[]; total: number }) {
  return <RowList label="Rows with errors" rows={errors.map(({ line, reason }) => ({ line, text: reason }))} total={total} />;
}

/** Rows imported with a cleaned name as 'Line 2: "Whitfield, James": Imported as "Whitfield James" (…)'. */
export function RowWarningList({ warnings, total }: { warnings: CsvRowWarning[]; total: number }) {
  const rows = warnings.map(({ line, name, reason }) => ({ line, text: `"${name}": ${reason}` }));
  return <RowList label="Rows with warnings" rows={rows} total={total} />;
}
