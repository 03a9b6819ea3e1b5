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
    /** Existing contacts the file changed (a new name, or restored from deleted). */
    updated: number;
    /**
     * Existing contacts the file has exactly as stored: nothing is rewritten, they only gain the tag.
     * The server always sends it; it is optional here because the product's stats name only the other four.
     */
    unchanged?: number;
    errors: number;
  };
  /** The tag every imported contact now carries; null when nothing was imported. */
  tag: { id: string; name: string; contactCount: number } | null;
  /** The first bad rows, in file order; `stats.errors` counts them all. */
  errors: CsvRowError[];
}
