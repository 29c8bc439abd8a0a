// The back office's CSV exports, the pure parts (docs/rules.md "Back office: orders", CSV): how
// many rows one file holds, its name, and each cell: a cell a spreadsheet would run as a formula
// (it starts with = + - @, or a tab or carriage return) gets a leading apostrophe (`csvSafeCell`),
// so a customer's name can never become a formula in an operator's spreadsheet. The text itself
// is written by csv-stringify on the server (`csvResponse` in app/utils/csv.server.ts), so no
// page's browser bundle carries it.

/** The most rows one export holds (the newest first); the file says when it stopped there. */
export const CSV_EXPORT_MAX = 10_000;

const FORMULA_START = /^[=+\-@\t\r]/;

/** A cell as written to the file: text that a spreadsheet would read as a formula is neutralised. */
export function csvSafeCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  const text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/** An export's file name: `<what>-YYYY-MM-DD.csv`, the day (UTC) it was made. */
export function csvFileName(what: string, now: Date): string {
  return `${what}-${now.toISOString().slice(0, 10)}.csv`;
}
