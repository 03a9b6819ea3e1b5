import { object } from 'yup';
import type { CsvRowWarning } from '../api/contact-import';
import { CONTACT_NAME, CSV_DEFAULT_COUNTRY_CODE, CSV_MAX_BYTES, TAG_NAME } from '../constants';
import { withoutFormulaGuard } from '../csv/formula-guard';
import { countryCodePrefixOf, detectCountryCode, parsePhone, phoneDigits, readCountryCode } from '../phone';
import { validate } from './first-error';
import { acceptedContactFields, cleanContactName, countryCodeField, isAcceptedContactName, phoneNumberField, type AcceptedContact } from './contacts';
import { tagNameField } from './tags';

/**
 * CSV import rules, shared by the screen's preview and the server so both report the same rows as bad,
 * for the same reason, at the same line.
 */

export const INVALID_CSV_FILE = 'Invalid File: Please upload a CSV file';
export const CSV_TOO_LARGE = `The file is larger than ${CSV_MAX_BYTES / (1024 * 1024)} MB. Split it into smaller files.`;
export const CSV_NO_MOBILE_COLUMN =
  'The file has no "mobile" column (or phone, phone number, whatsapp, whatsapp number). The first line must name the columns, e.g. mobile,name,country_code';
export const CSV_NOT_UTF8 = 'The file is not UTF-8 text. Save it as "CSV UTF-8" and try again.';

/** No row of contact details comes near this; a longer one (an unclosed quote, a binary file) is refused where it starts. */
export const CSV_MAX_LINE_CHARACTERS = 64 * 1024;
export const csvLineTooLong = (line: number) =>
  `Line ${line} is longer than 64 KB: check it for a quote (") that is never closed.`;

/** POST /tags/import's tagName: the import tag is an ordinary tag, so it follows the tag name rules. */
export const importTagSchema = object({ tagName: tagNameField });

/** One file of at most CSV_MAX_BYTES whose name ends in .csv or whose type is text/csv. */
export function isAcceptableCsvFile(file: { name: string; type?: string; size?: number }): boolean {
  const csvByName = file.name.toLowerCase().endsWith('.csv');
  const csvByType = (file.type ?? '').split(';')[0].trim().toLowerCase() === 'text/csv';
  return (csvByName || csvByType) && (file.size === undefined || file.size <= CSV_MAX_BYTES);
}

/** The longest file name an import records (its timeline notes and the import's record). */
export const MAX_RECORDED_FILE_NAME_LENGTH = 120;

/**
 * The name an import records for an uploaded file: its last path segment (a client may send a whole
 * path), control characters replaced, and a name longer than MAX_RECORDED_FILE_NAME_LENGTH shortened
 * in the middle so its start and its extension still show.
 */
export function recordedFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const characters = Array.from(base.replace(/[\u0000-\u001f\u007f]/g, ' ').trim() || 'upload.csv');
  if (characters.length <= MAX_RECORDED_FILE_NAME_LENGTH) return characters.join('');
  const tail = 20;
  return `${characters.slice(0, MAX_RECORDED_FILE_NAME_LENGTH - tail - 1).join('')}…${characters.slice(-tail).join('')}`;
}

/** The import tag's default: the file name without .csv, with characters a tag may not hold replaced. */
export function defaultImportTagName(fileName: string): string {
  return fileName
    .replace(/\.csv$/i, '')
    .replace(/[^\p{L}\p{N} ._-]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, TAG_NAME.max)
    .trim();
}

/** Where the known columns sit in a row; -1 when the file has no such column. */
export interface CsvColumns {
  mobile: number;
  name: number;
  countryCode: number;
}

export type CsvHeaderResult = { ok: true; columns: CsvColumns } | { ok: false; message: string };

/** Column names match in any order and case; spaces or hyphens stand for underscores ('Country Code'). */
function columnKey(name: string): string {
  return name.replace(/^\uFEFF/, '').trim().toLowerCase().replace(/[\s-]+/g, '_');
}

/**
 * The names other tools give the number's column, as column keys, most specific first: the template's `mobile`,
 * then the WhatsApp number (what Parley messages), then a generic phone. The first one a file has is
 * the number; any other is ignored like an unknown column.
 */
const NUMBER_COLUMN_KEYS = ['mobile', 'whatsapp', 'whatsapp_number', 'phone', 'phone_number'];

export function csvColumns(header: readonly string[]): CsvHeaderResult {
  const keys = header.map(columnKey);
  const numberKey = NUMBER_COLUMN_KEYS.find((key) => keys.includes(key));
  if (numberKey === undefined) return { ok: false, message: CSV_NO_MOBILE_COLUMN };
  return { ok: true, columns: { mobile: keys.indexOf(numberKey), name: keys.indexOf('name'), countryCode: keys.indexOf('country_code') } };
}

/** A contact as one good CSV row describes it. */
export type ImportedContact = AcceptedContact;

/**
 * A bad row's reason is computed on demand: yup's message costs more than the row's check, and an import only reports
 * the first CSV_IMPORT_MAX_REPORTED_ERRORS of what may be 200,000 bad rows. A good row whose name the
 * rule refused carries the name as written (`renamedFrom`); the contact has the cleaned name.
 */
export type CsvRowOutcome =
  | { kind: 'blank' }
  | { kind: 'contact'; contact: ImportedContact; renamedFrom?: string }
  | { kind: 'error'; reason: () => string };

const NAME_RULE = `a name holds only letters, spaces and . ' -, ${CONTACT_NAME.min} to ${CONTACT_NAME.max} characters`;

/** A good row imported with its name cleaned (or without one): its line, the name as written, and what was kept. */
export function csvRowWarning(line: number, name: string, importedAs: string | null): CsvRowWarning {
  const reason = importedAs === null ? `Imported without a name (${NAME_RULE})` : `Imported as "${importedAs}" (${NAME_RULE})`;
  return { line, name, importedAs, reason };
}

/** What an error line says of a country_code it cannot read: the value, and the ways it may be written. */
export function unknownCountryCode(written: string): string {
  return `Unknown country code "${written}": write it as +44, 44, 0044 or a country's two-letter code (GB)`;
}

const failure = (reason: () => string): CsvRowOutcome => ({ kind: 'error', reason });
const because = (message: string) => failure(() => message);

// A name never makes a row bad (it is cleaned instead), so a bad row is reported for its number.
const rowSchema = object({ phoneNumber: phoneNumberField, countryCode: countryCodeField });

/**
 * Reads one data row. The country code comes, in this order, from a mobile written internationally
 * ('+44 7911 123456'), the country_code column ('+44', '44', '0044' or 'GB'), or else (see
 * bareNumberCountryCode) the default or the code a bare international mobile starts with. Then the
 * contact form's own rules apply, except that a name they refuse is cleaned rather than losing the row.
 */
export function checkCsvRow(fields: readonly string[], columns: CsvColumns): CsvRowOutcome {
  // A Parley export guards cells a spreadsheet would run; the guard is taken off so the file reads back as exported.
  const cell = (index: number) => (index === -1 ? '' : withoutFormulaGuard(fields[index] ?? '').trim());
  if (fields.every((field) => field.trim() === '')) return { kind: 'blank' };

  const mobile = cell(columns.mobile);
  const column = cell(columns.countryCode);
  const named = column && readCountryCode(column);
  if (named === undefined) return because(unknownCountryCode(column));

  let countryCode = named;
  let phoneNumber = mobile;
  if (mobile.startsWith('+')) {
    const digits = phoneDigits(mobile.slice(1));
    const prefix = named || countryCodePrefixOf(digits);
    if (!prefix) return because('Unknown country code in mobile: add a country_code column');
    if (!digits.startsWith(prefix.slice(1))) return because(`Mobile ${mobile} does not start with its country code ${prefix}`);
    countryCode = prefix;
    phoneNumber = digits.slice(prefix.length - 1);
  } else if (!countryCode) {
    countryCode = bareNumberCountryCode(phoneDigits(mobile));
  }

  const written = cell(columns.name);
  const name = written === '' || isAcceptedContactName(written) ? written : cleanContactName(written);
  const values = { name, countryCode, phoneNumber };
  const contact = acceptedContactFields(values);
  if (!contact) {
    return failure(() => {
      const result = validate(rowSchema, values);
      return result.ok ? 'Invalid row' : result.message;
    });
  }
  return name === written ? { kind: 'contact', contact } : { kind: 'contact', contact, renamedFrom: written };
}

/**
 * The country of a mobile that names none, in a row without a country_code: the default when it is a
 * valid number there (so '9876543210' stays Indian even where it could be read as another country's
 * international number), else the country a bare international number is valid in ('447911123456'),
 * else the default, whose rules then say what is wrong.
 */
function bareNumberCountryCode(digits: string): string {
  if (parsePhone(CSV_DEFAULT_COUNTRY_CODE, digits)) return CSV_DEFAULT_COUNTRY_CODE;
  return detectCountryCode(digits) ?? CSV_DEFAULT_COUNTRY_CODE;
}

/**
 * Checks a file's data rows in order, as both the preview and the server read them: blank lines are
 * skipped, and a number already seen earlier in the file is reported against the line that had it.
 */
export function createCsvRowChecker(columns: CsvColumns) {
  const firstLineOf = new Map<string, number>();
  return (fields: readonly string[], line: number): CsvRowOutcome => {
    const outcome = checkCsvRow(fields, columns);
    if (outcome.kind !== 'contact') return outcome;
    const seen = firstLineOf.get(outcome.contact.e164);
    if (seen !== undefined) return because(`Duplicate of line ${seen} (same phone number)`);
    firstLineOf.set(outcome.contact.e164, line);
    return outcome;
  };
}

/** The parser settings both sides use, so that line numbers agree: every record counts, blank ones too. */
export const CSV_PARSE_CONFIG = { delimiter: ',', skipEmptyLines: false, header: false } as const;
