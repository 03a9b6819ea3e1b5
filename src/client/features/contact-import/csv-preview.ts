import Papa from 'papaparse';
import type { CsvRowError, CsvRowWarning } from '@shared/api/contact-import';
import { CSV_PARSE_CONFIG, createCsvRowChecker, csvColumns, csvRowWarning } from '@shared/validation/contact-import';

/** What the screen shows before uploading: the same checks, line numbers and reasons the server applies. */
export interface CsvPreview {
  header: string[];
  /** Set when the file cannot be imported at all (no mobile column, empty). */
  problem: string | null;
  totalRows: number;
  validRows: number;
  errorCount: number;
  /** The first bad rows. */
  errors: CsvRowError[];
  /** Good rows whose name will be cleaned: all counted, the first ones listed. */
  warningCount: number;
  warnings: CsvRowWarning[];
  /** The first data rows, as written. */
  sample: string[][];
}

const SAMPLE_ROWS = 5;
const LISTED_ERRORS = 100;

/**
 * Checks a file in the browser with papaparse and the shared row rules, row by row (a 10 MB file never
 * becomes one big array). Blank lines are skipped but counted, so line numbers match the server's.
 */
export function previewCsv(text: string): CsvPreview {
  const preview: CsvPreview = { header: [], problem: null, totalRows: 0, validRows: 0, errorCount: 0, errors: [], warningCount: 0, warnings: [], sample: [] };
  let check: ReturnType<typeof createCsvRowChecker> | undefined;
  let line = 0;
  Papa.parse<string[]>(text, {
    ...CSV_PARSE_CONFIG,
    step: ({ data: record }, parser) => {
      line += 1;
      if (line === 1) {
        preview.header = record;
        const columns = csvColumns(record);
        if (!columns.ok) {
          preview.problem = columns.message;
          parser.abort();
          return;
        }
        check = createCsvRowChecker(columns.columns);
        return;
      }
      const outcome = check!(record, line);
      if (outcome.kind === 'blank') return;
      preview.totalRows += 1;
      if (preview.sample.length < SAMPLE_ROWS) preview.sample.push(record);
      if (outcome.kind === 'contact') {
        preview.validRows += 1;
        if (outcome.renamedFrom === undefined) return;
        preview.warningCount += 1;
        if (preview.warnings.length < LISTED_ERRORS) preview.warnings.push(csvRowWarning(line, outcome.renamedFrom, outcome.contact.name));
      } else {
        preview.errorCount += 1;
        if (preview.errors.length < LISTED_ERRORS) preview.errors.push({ line, reason: outcome.reason() });
      }
    },
  });
  if (line === 0) preview.problem = 'The file is empty. The first line must name the columns, e.g. mobile,name,country_code';
  else if (!preview.problem && preview.totalRows === 0) preview.problem = 'The file has no contacts: add rows under the header line';
  return preview;
}
