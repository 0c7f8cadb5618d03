/** Client-side CSV files: RFC 4180 quoting, spreadsheet-formula escaping, and the download. */

export type CsvCell = string | number | null | undefined;

/** Text a spreadsheet would run as a formula (OWASP CSV injection): = + - @, tab, carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

/**
 * One cell. Text starting like a formula gets a leading `'`; numbers are written as they are (so a
 * negative number stays a number). Cells holding quotes, commas, line breaks or edge spaces are
 * quoted, with inner quotes doubled.
 */
export function csvCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: header row first, CRLF line ends. */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** Today's date on the user's calendar as YYYY-MM-DD, for file names. */
export function fileDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Saves `csv` as a download named `filename` (UTF-8). */
export function downloadCsv(filename: string, csv: string) {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  // The browser starts the download asynchronously: removing the link or revoking the URL at
  // once can cancel it.
  setTimeout(() => a.remove(), 0);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
