/** One bad row: its line in the file (the header is line 1) and why it was skipped. */
export interface CsvRowError {
  line: number;
  reason: string;
}

/**
 * A row imported with its name cleaned to what the contact-name rule allows, or without a name when
 * nothing of it was left: its line, the name as written, the name kept, and a sentence saying so.
 */
export interface CsvRowWarning {
  line: number;
  name: string;
  importedAs: string | null;
  reason: string;
}

/** POST /tags/import's answer. */
export interface ContactImportResult {
  success: boolean;
  message: string;
  stats: {
    /** Data rows in the file, blank lines not counted. */
    totalRows: number;
    created: number;
    /** Existing contacts the file changed (a new name, or restored from deleted). */
    updated: number;
    /** Existing contacts the file has exactly as stored: nothing is rewritten, they only gain the tag. */
    unchanged: number;
    /** Rows skipped: created + updated + unchanged + errors = totalRows. */
    errors: number;
    /** Rows imported with a cleaned name (or none); they are counted among the four above too. */
    warnings: number;
  };
  /** The tag every imported contact now carries; null when nothing was imported. */
  tag: { id: string; name: string; contactCount: number } | null;
  /** The first bad rows, in file order; `stats.errors` counts them all. */
  errors: CsvRowError[];
  /** The first rows imported with a cleaned name, in file order; `stats.warnings` counts them all. */
  warnings: CsvRowWarning[];
}
