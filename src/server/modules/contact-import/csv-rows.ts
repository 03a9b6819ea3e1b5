import { Readable, type Duplex } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import Papa from 'papaparse';
import type { CsvRowError, CsvRowWarning } from '@shared/api/contact-import';
import { CSV_IMPORT_MAX_REPORTED_ERRORS } from '@shared/constants';
import {
  CSV_MAX_LINE_CHARACTERS,
  CSV_NOT_UTF8,
  CSV_PARSE_CONFIG,
  createCsvRowChecker,
  csvColumns,
  csvRowWarning,
  csvLineTooLong,
  INVALID_CSV_FILE,
} from '@shared/validation/contact-import';
import { invalidInput } from '../../lib/domain-error';
import { ContactBatches } from './contact-batches';
import { yieldToOtherWork } from './import-pace';

/** What a file holds, checked row by row as it streams in. */
export interface CheckedCsv {
  /** Data rows, blank lines not counted. */
  totalRows: number;
  contacts: ContactBatches;
  errorCount: number;
  errors: CsvRowError[];
  /** Good rows whose name was cleaned: all counted, the first ones listed. */
  warningCount: number;
  warnings: CsvRowWarning[];
}

/**
 * Bytes to text. The decoder is fatal (a file that is not UTF-8 is refused rather than imported as
 * mojibake), keeps a character split across chunks whole, and drops a UTF-8 BOM; a NUL byte means a
 * binary file renamed .csv.
 */
async function* utf8Text(bytes: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (chunk?: Buffer) => {
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw invalidInput(CSV_NOT_UTF8);
    }
  };
  for await (const chunk of bytes) {
    const text = decode(chunk);
    if (text.includes('\0')) throw invalidInput(INVALID_CSV_FILE);
    yield text;
  }
  yield decode();
}

/**
 * How much text the parser gets at a time. The parser reads what it is given in one go, and a 64 KB
 * chunk of tiny records (a file of quoted line breaks) kept the event loop for about 40 ms: in slices,
 * with other work let in between, other requests wait a few milliseconds at most.
 */
const PARSE_SLICE_CHARACTERS = 8 * 1024;

/**
 * The text in slices of at most PARSE_SLICE_CHARACTERS, letting other work run before each next one. A
 * slice may end inside a record, even inside a surrogate pair: the parser keeps an unfinished record
 * and joins it to the next slice.
 */
async function* inSlices(text: AsyncIterable<string>, betweenSlices: () => Promise<void>): AsyncGenerator<string> {
  for await (const chunk of text) {
    for (let at = 0; at < chunk.length; at += PARSE_SLICE_CHARACTERS) {
      if (at > 0) await betweenSlices();
      yield chunk.slice(at, at + PARSE_SLICE_CHARACTERS);
    }
  }
}

/**
 * Refuses a record longer than CSV_MAX_LINE_CHARACTERS as soon as it gets that long, in one pass over
 * the text. Without it a quote that is never closed makes the parser read the rest of the file as one
 * record, re-reading it on every chunk (time grows with the square of the file). A record ends at a
 * line break outside quotes; every `"` toggles quoting (an escaped `""` toggles twice). Lines are
 * numbered as the parser numbers records: the header is line 1.
 */
async function* boundedRecords(text: AsyncIterable<string>): AsyncGenerator<string> {
  let line = 1;
  let length = 0;
  let quoted = false;
  for await (const chunk of text) {
    for (let i = 0; i < chunk.length; i += 1) {
      const code = chunk.charCodeAt(i);
      if (code === 0x22) quoted = !quoted;
      else if (code === 0x0a && !quoted) {
        line += 1;
        length = 0;
        continue;
      }
      length += 1;
      if (length > CSV_MAX_LINE_CHARACTERS) throw invalidInput(csvLineTooLong(line));
    }
    yield chunk;
  }
}

/**
 * Streams a CSV upload through papaparse (the screen's preview uses the same parser and settings, so
 * line numbers agree: the header is line 1 and every record, blank or quoted across lines, is one line)
 * and checks each row with the shared rules. Memory holds the good rows, never the file. `betweenSlices`
 * runs before each slice but the first of every chunk of text (by default, other work queued meanwhile).
 */
export async function checkCsvStream(bytes: Readable, betweenSlices: () => Promise<void> = yieldToOtherWork): Promise<CheckedCsv> {
  const result: CheckedCsv = { totalRows: 0, contacts: new ContactBatches(), errorCount: 0, errors: [], warningCount: 0, warnings: [] };
  let check: ReturnType<typeof createCsvRowChecker> | undefined;
  let line = 0;

  function take(record: string[]): void {
    line += 1;
    if (!check) {
      const header = csvColumns(record);
      if (!header.ok) throw invalidInput(header.message);
      check = createCsvRowChecker(header.columns);
      return;
    }
    const outcome = check(record, line);
    if (outcome.kind === 'blank') return;
    result.totalRows += 1;
    if (outcome.kind === 'contact') {
      result.contacts.add(outcome.contact);
      if (outcome.renamedFrom === undefined) return;
      result.warningCount += 1;
      if (result.warnings.length < CSV_IMPORT_MAX_REPORTED_ERRORS) result.warnings.push(csvRowWarning(line, outcome.renamedFrom, outcome.contact.name));
    } else {
      result.errorCount += 1;
      if (result.errors.length < CSV_IMPORT_MAX_REPORTED_ERRORS) result.errors.push({ line, reason: outcome.reason() });
    }
  }

  // Rows are taken synchronously in flowing mode: papaparse's own backpressure pauses every 16 rows and
  // copies the rest of its chunk each time, which is quadratic on a large chunk.
  const parser = Papa.parse(Papa.NODE_STREAM_INPUT, CSV_PARSE_CONFIG) as unknown as Duplex;
  await new Promise<void>((resolve, reject) => {
    parser.on('data', (record: string[]) => {
      try {
        take(record);
      } catch (error) {
        parser.destroy(error as Error);
      }
    });
    parser.once('end', resolve);
    parser.once('error', reject);
    pipeline(Readable.from(inSlices(boundedRecords(utf8Text(bytes)), betweenSlices)), parser).catch(reject);
  });
  if (!check) throw invalidInput('The file is empty. The first line must name the columns, e.g. mobile,name,country_code');
  return result;
}
