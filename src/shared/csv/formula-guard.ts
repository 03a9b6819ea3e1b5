/**
 * Spreadsheet formula injection, both ways. A cell a spreadsheet would run as a formula (starting with
 * = + - @, also after spaces, which spreadsheets skip, or with a tab or a carriage return) is written
 * with a leading quote; a plain signed number such as a phone number (+971501234567) cannot run
 * anything and is written as it is. A cell that already starts with quotes before such a start gets one
 * more, so reading a cell back (withoutFormulaGuard) is exact: whatever was written is what is read.
 */
export const CSV_FORMULA_CELL = /^'*(?![+-]?\d+(\.\d+)?$)(?:[\t\r]|\s*[=+\-@])/;

/** The quote a spreadsheet shows as text-mode; papaparse's escapeFormulae adds exactly this. */
const GUARD = "'";

/** A cell as written to a CSV file: guarded when a spreadsheet would run it. */
export function withFormulaGuard(cell: string): string {
  return CSV_FORMULA_CELL.test(cell) ? `${GUARD}${cell}` : cell;
}

/** A cell as read from a CSV file, with the guard withFormulaGuard added taken off again. */
export function withoutFormulaGuard(cell: string): string {
  return cell.startsWith(GUARD) && CSV_FORMULA_CELL.test(cell.slice(GUARD.length)) ? cell.slice(GUARD.length) : cell;
}
