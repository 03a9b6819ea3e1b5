import Papa from 'papaparse';
import type { ContactImportResult } from '@shared/api/contact-import';
import { withFormulaGuard } from '@shared/csv/formula-guard';

/** The download's file name: what it lists, for which import tag. */
export function importRowsFileName(result: ContactImportResult): string {
  const tag = result.tag?.name ?? 'import';
  return `${tag} - warnings and errors.csv`;
}

/**
 * The rows an import warned about or skipped, as one CSV in file order: line, kind, the name as written
 * (warnings), the name imported, and why. Names come from the uploaded file, so every cell is guarded
 * against a spreadsheet running it as a formula.
 */
export function importRowsCsv({ warnings, errors }: Pick<ContactImportResult, 'warnings' | 'errors'>): string {
  const rows = [
    ...warnings.map((warning) => ({ line: warning.line, kind: 'warning', name: warning.name, importedAs: warning.importedAs ?? '', reason: warning.reason })),
    ...errors.map((error) => ({ line: error.line, kind: 'error', name: '', importedAs: '', reason: error.reason })),
  ].sort((a, b) => a.line - b.line);
  return Papa.unparse({
    fields: ['line', 'kind', 'name', 'imported_as', 'reason'],
    data: rows.map((row) => [String(row.line), row.kind, row.name, row.importedAs, row.reason].map(withFormulaGuard)),
  });
}

/** The CSV as a link's address: a data URL needs no clean-up when the summary goes away. */
export function importRowsHref(result: Pick<ContactImportResult, 'warnings' | 'errors'>): string {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${importRowsCsv(result)}`)}`;
}
