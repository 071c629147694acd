// The reports' CSV exports (RFC 4180: quoted where needed, CRLF lines, UTF-8 with a byte order mark so spreadsheet
// programs read Azerbaijani and Russian letters). Amounts are exact manats from integer qəpik (exactManats), never a
// float. Text people typed (notes, usernames, references) cannot start a formula in a spreadsheet: a leading =, +,
// -, @, tab or carriage return is escaped with an apostrophe (CSV injection).
import { exactManats } from '@pencraft/rules';

const BOM = '\uFEFF';
const FORMULA_START = /^[=+\-@\t\r]/;

/** One field as written: quoted when it holds a separator, a quote or a line break. */
export function csvField(value: string | number | boolean | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Text a person typed, made inert for spreadsheets. */
export function csvText(value: string | null | undefined): string {
  if (!value) return '';
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export const csvAmount = (qepik: number) => exactManats(qepik);

/** A whole export: the header row and the rows, each a list of already converted values. */
export function csvDocument(
  header: readonly string[],
  rows: readonly (readonly (string | number | boolean | null)[])[],
) {
  return `${BOM}${[header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}
