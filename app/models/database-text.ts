// Text the database cannot take (docs/rules.md "No 5xx on any input"): PostgreSQL stores no NUL
// character (U+0000) in text and refuses any statement that carries one, to store or to compare
// (SQLSTATE 22021, "invalid byte sequence for encoding UTF8: 0x00"). Such a text only comes from a
// sender who typed no form (a browser cannot), so it is the sender's mistake: a 400, never a 500.
// SQLite takes the character, so there the same request is answered as any other text would be.
// Relative imports: db.server.ts uses this beside database-busy.ts.
import { PRIVATE_NO_STORE } from "./cache-policy";

/** The API error code of the answer (`{ error: { code, message } }`). */
export const TEXT_NOT_STORABLE_CODE = "TEXT_NOT_STORABLE";

/** What the sender reads, on a page and in JSON. */
export const TEXT_NOT_STORABLE_MESSAGE = "The request holds a character the shop cannot take (U+0000).";

/** PostgreSQL's SQLSTATE for a character its encoding has no place for: in UTF-8, only NUL. */
const CHARACTER_NOT_IN_REPERTOIRE = "22021";

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/**
 * True when PostgreSQL refused a statement for a NUL character in its text, as the driver adapter
 * reports it (a DriverAdapterError whose cause is PostgreSQL's code), also under Prisma's wrapper.
 */
export function isTextNotStorable(error: unknown, depth = 0): boolean {
  if (!isObject(error) || depth > 3) return false;
  if (isObject(error.meta) && "driverAdapterError" in error.meta) {
    return isTextNotStorable(error.meta.driverAdapterError, depth + 1);
  }
  if (error.name !== "DriverAdapterError" || !isObject(error.cause)) return false;
  const { kind, code, originalCode } = error.cause;
  return kind === "postgres" && (code === CHARACTER_NOT_IN_REPERTOIRE || originalCode === CHARACTER_NOT_IN_REPERTOIRE);
}

/**
 * The answer: 400, private no-store, `{ error: { code: "TEXT_NOT_STORABLE", message } }`. Thrown from
 * a loader or action it is the API's JSON answer, the `?_data=` answer, and the page's error boundary data.
 */
export function textNotStorableAnswer(): Response {
  return new Response(JSON.stringify({ error: { code: TEXT_NOT_STORABLE_CODE, message: TEXT_NOT_STORABLE_MESSAGE } }), {
    status: 400,
    statusText: "Bad Request",
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": PRIVATE_NO_STORE },
  });
}
