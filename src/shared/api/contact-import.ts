/** One bad row: its line in the file (the header is line 1) and why it was skipped. */
export interface CsvRowError {
  line: number;
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
    updated: number;
    errors: number;
  };
  /** The tag every imported contact now carries; null when nothing was imported. */
  tag: { id: string; name: string; contactCount: number } | null;
  /** The first bad rows, in file order; `stats.errors` counts them all. */
  errors: CsvRowError[];
}
