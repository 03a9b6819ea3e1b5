import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { CSV_DEFAULT_COUNTRY_CODE } from '@shared/constants';

const EXAMPLE = `mobile,name,country_code
501234567,Aisha Khan,+971
98765 43210,Vikram Rao,91
+966 55 123 4567,Reem Al Otaibi,
+44 7911 123456,Oliver Smith,
9812345678,,`;

/** The rules of an importable file, said once for the people preparing one. */
export function CsvFormatGuide() {
  return (
    <Card variant="outlined" component="section" aria-labelledby="csv-guide-heading">
      <CardContent>
        <Typography id="csv-guide-heading" variant="h6" component="h2" gutterBottom>
          CSV Format Guide
        </Typography>
        <Typography variant="body2" component="div">
          <Box component="ul" sx={{ m: 0, pl: 2.5, '& li': { mb: 0.75 } }}>
            <li>
              The first line names the columns, in any order and any case: <code>mobile</code> (required; a column named{' '}
              <code>phone</code>, <code>phone number</code>, <code>whatsapp</code> or <code>whatsapp number</code> will do too),{' '}
              <code>name</code> and <code>country_code</code> (optional). Other columns are ignored.
            </li>
            <li>
              <code>mobile</code>: 7 to 15 digits; spaces are fine. A number of any country written internationally (
              <code>+44 7911 123456</code>, <code>+971 50 123 4567</code>) carries its own country code. A leading trunk 0 is dropped (
              <code>0501234567</code> under +971 is <code>501234567</code>). Each number must be a valid number of its country.
            </li>
            <li>
              <code>country_code</code>: <code>+44</code>, <code>44</code>, <code>0044</code> or the country&apos;s two-letter code (
              <code>GB</code>). When a row has none and its mobile carries none, it is{' '}
              <strong>{CSV_DEFAULT_COUNTRY_CODE}</strong>, unless the mobile is another country&apos;s number written internationally
              without its + (<code>971501234567</code>).
            </li>
            <li>
              <code>name</code>: 2 to 100 letters, spaces, and . &apos; - (it may be left empty). Other characters (commas, quotes,
              emoji, digits) are left out and the row is imported with a warning; a name with nothing left is imported without one.
            </li>
            <li>
              A number already in your contacts updates that contact (its name, if the row has one) instead of adding a second one;
              a deleted contact comes back. Every imported contact gets the import tag.
            </li>
            <li>
              Rows with a problem are skipped and listed by line (the header is line 1); the others are imported. Blank lines are
              ignored.
            </li>
            <li>One file, saved as CSV UTF-8, up to 10 MB.</li>
          </Box>
        </Typography>
        <Typography variant="subtitle2" sx={{ mt: 2, mb: 1 }}>
          Example
        </Typography>
        <Box component="pre" sx={{ m: 0, p: 1.5, bgcolor: 'action.hover', borderRadius: 1, fontSize: 13, overflowX: 'auto' }}>
          {EXAMPLE}
        </Box>
      </CardContent>
    </Card>
  );
}
