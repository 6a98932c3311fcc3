/**
 * CSV exports (docs/product.md#security-and-limits): cells that a spreadsheet would run as a formula are
 * neutralised, and every file is RFC 4180 (quoted as needed, CRLF line ends) via csv-stringify.
 */
import { stringify } from 'csv-stringify/sync';

/** Characters that make Excel / LibreOffice / Sheets treat a cell as a formula (OWASP CSV injection). */
const FORMULA_START = /^[=+\-@\t\r\0]/;

/** A cell value made safe: null → '', numbers and booleans as text, risky text prefixed with a '. */
export function csvSafeCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  const s = v instanceof Date ? v.toISOString() : String(v);
  return FORMULA_START.test(s) ? `'${s}` : s;
}

/**
 * Rows as RFC 4180 text with CRLF line ends, every cell passed through csvSafeCell. csv-stringify quotes
 * a cell holding the record delimiter (CRLF) but not a lone CR or LF, which spreadsheets read as a new
 * row whose first cell could then start a formula: `quoted_match` quotes any cell with either.
 */
export function csvLines(rows: readonly (readonly unknown[])[]): string {
  return stringify(
    rows.map((r) => r.map(csvSafeCell)),
    { record_delimiter: 'windows', quoted_match: /[\r\n]/ },
  );
}

/** A whole CSV document: the header row then the rows. */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return csvLines([header, ...rows]);
}
