// The subscribers' CSV, built in the browser from the pages the API answers.

/**
 * One CSV field (RFC 4180): quoted when it holds a separator, a quote or a line break. A value a spreadsheet would
 * run as a formula (=, +, -, @, tab, carriage return first) is prefixed with an apostrophe.
 */
export function csvField(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** Rows as CSV text: CRLF line ends, a byte-order mark so spreadsheets read UTF-8 (ə, ş, Cyrillic). */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return `\uFEFF${rows.map((row) => row.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** A download link's address for CSV text (a data: URL: the site's CSP admits no blob: URLs). */
export function csvHref(text: string): string {
  return `data:text/csv;charset=utf-8,${encodeURIComponent(text)}`;
}
