// The answer of a back-office CSV export (docs/api.md "Back-office CSV exports"): a download,
// personal, never stored. The text and its name are the model's (app/models/csv.ts).
import { stringify } from "csv-stringify/sync";
import { PRIVATE_NO_STORE } from "~/models/cache-policy";
import { csvFileName, csvSafeCell } from "~/models/csv";

type Row = readonly (string | number | null)[];

/**
 * The CSV text of a header and its rows (CRLF line ends, as RFC 4180 writes them): csv-stringify
 * quotes a cell holding a comma, a quote or a line break; every cell is made safe (`csvSafeCell`).
 */
export function csvText(header: Row, rows: readonly Row[]): string {
  return stringify([header.map(csvSafeCell), ...rows.map((row) => row.map(csvSafeCell))], { record_delimiter: "\r\n" });
}

export function csvResponse(what: string, header: Row, rows: readonly Row[], now = new Date()): Response {
  return new Response(csvText(header, rows), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename=${csvFileName(what, now)}`,
      "Cache-Control": PRIVATE_NO_STORE,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** A post to an export: the list's permission first (checked by the caller), then 405. */
export function csvOnlyGet(): Response {
  return new Response("Download the file with GET.", {
    status: 405,
    headers: { Allow: "GET, HEAD", "Content-Type": "text/plain; charset=utf-8", "Cache-Control": PRIVATE_NO_STORE },
  });
}
