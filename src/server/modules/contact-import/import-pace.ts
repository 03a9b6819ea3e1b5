/**
 * How many rows each transaction of an import writes. On the embedded database the engine runs in the
 * server's own thread and takes one transaction at a time, so every other request waits for the chunk
 * being written: chunks are sized to take about CHUNK_TARGET_MS, measured as the import goes (the cost
 * of a row depends on the machine, its load and how much of the file already exists). On PostgreSQL
 * the same pace keeps each transaction short and the server's memory flat.
 */
export const CHUNK_TARGET_MS = 60;
export const FIRST_CHUNK_ROWS = 250;
export const MIN_CHUNK_ROWS = 50;
export const MAX_CHUNK_ROWS = 5000;

// How much one chunk's timing moves the estimate: one slow chunk (an index's pending list being merged,
// a busy machine) shrinks the next ones without swinging the size back and forth.
const WEIGHT_OF_LAST_CHUNK = 0.3;

export class ImportPace {
  private msPerRow: number | undefined;

  constructor(private readonly targetMs = CHUNK_TARGET_MS) {}

  /** The size of the next chunk. */
  get rows(): number {
    if (this.msPerRow === undefined) return FIRST_CHUNK_ROWS;
    return Math.round(Math.min(MAX_CHUNK_ROWS, Math.max(MIN_CHUNK_ROWS, this.targetMs / this.msPerRow)));
  }

  /** A chunk of `rows` took `ms`. */
  record(rows: number, ms: number): void {
    const sample = Math.max(ms, 0.01) / rows;
    this.msPerRow = this.msPerRow === undefined ? sample : this.msPerRow + WEIGHT_OF_LAST_CHUNK * (sample - this.msPerRow);
  }
}

/**
 * Lets the event loop serve what arrived while a chunk was written (requests, and the queries they queue
 * for the embedded database, which then run before the next chunk's transaction asks for it).
 */
export function yieldToOtherWork(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
