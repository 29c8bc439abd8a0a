// Database busy (docs/rules.md "Database busy"): a write that cannot get SQLite's write
// lock within DATABASE_BUSY_TIMEOUT_MS is answered 503 with Retry-After, never 500.
// This module owns recognising that failure and the answer it gets.
// Relative imports: the Prisma CLI loads this through sqlite-adapter.server.ts without the ~ alias.
import { PRIVATE_NO_STORE } from "./cache-policy";

/** How long a write waits for the write lock by default (DATABASE_BUSY_TIMEOUT_MS). */
export const DEFAULT_DATABASE_BUSY_TIMEOUT_MS = 2000;

/** Seconds a client is asked to wait before trying again (the Retry-After header). */
export const DATABASE_BUSY_RETRY_AFTER_SECONDS = 5;

/** The API error code of the answer (`{ error: { code, message } }`). */
export const DATABASE_BUSY_CODE = "DATABASE_BUSY";

/** What the shopper reads, on the page and in JSON. */
export const DATABASE_BUSY_MESSAGE = "The shop is busy — try again in a moment.";

/** The body of the answer: the API's error shape, read by the page's error boundary too. */
export interface DatabaseBusyBody {
  error: { code: typeof DATABASE_BUSY_CODE; message: string };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;

/** SQLite's result code and message behind an error, through the layers Prisma and the driver adapter wrap it in. */
function sqliteFailure(error: unknown, depth = 0): { code: string; message: string; source: object } | undefined {
  if (!isObject(error) || depth > 3) return undefined;
  // Prisma's PrismaClientKnownRequestError keeps the adapter's error in meta.driverAdapterError.
  if (isObject(error.meta) && "driverAdapterError" in error.meta) {
    return sqliteFailure(error.meta.driverAdapterError, depth + 1);
  }
  // The driver adapter's DriverAdapterError: SQLite's code and message are cause.originalCode and originalMessage.
  if (error.name === "DriverAdapterError" && isObject(error.cause)) {
    const { originalCode, originalMessage } = error.cause;
    return typeof originalCode === "string"
      ? { code: originalCode, message: String(originalMessage ?? ""), source: error }
      : undefined;
  }
  // better-sqlite3's SqliteError: code is the (extended) result code, e.g. SQLITE_BUSY_SNAPSHOT.
  return typeof error.code === "string" && error.code.startsWith("SQLITE_")
    ? { code: error.code, message: String(error.message ?? ""), source: error }
    : undefined;
}

/** True for the body of the busy answer (a thrown answer reaches error boundaries as its data). */
export function isDatabaseBusyBody(data: unknown): data is DatabaseBusyBody {
  return isObject(data) && isObject(data.error) && data.error.code === DATABASE_BUSY_CODE;
}

// The answers made by databaseBusyAnswer, so code outside a request (jobs) can recognise one it catches.
const busyAnswers = new WeakSet<object>();

/**
 * True when the error means "the database stayed locked by another writer": SQLite's
 * SQLITE_BUSY (or one of its extended codes) as better-sqlite3, the Prisma driver adapter
 * or Prisma's client report it; the 503 answer made from one; or a route error response
 * carrying that answer.
 */
export function isDatabaseBusy(error: unknown): boolean {
  if (!isObject(error)) return false;
  if (busyAnswers.has(error)) return true;
  if (error.status === 503 && "data" in error && isDatabaseBusyBody(error.data)) return true;
  const code = sqliteFailure(error)?.code;
  return code === "SQLITE_BUSY" || (code?.startsWith("SQLITE_BUSY_") ?? false);
}

/**
 * SQLite's own words for a failure (for the log line), e.g. "database is locked", and the
 * driver's error object beneath Prisma's wrappers (one per failed statement, however many
 * Prisma operations it fails).
 */
export function databaseBusyDetail(error: unknown): { message: string; source: object } | undefined {
  const failure = sqliteFailure(error);
  return failure && { message: failure.message, source: failure.source };
}

/** Headers every busy answer carries: when to retry, and never stored (it is one moment's state). */
export function databaseBusyHeaders(): Record<string, string> {
  return { "Retry-After": String(DATABASE_BUSY_RETRY_AFTER_SECONDS), "Cache-Control": PRIVATE_NO_STORE };
}

/**
 * The busy answer: 503, Retry-After, private no-store, `{ error: { code: "DATABASE_BUSY", message } }`.
 * Thrown from a loader or action it is the API's JSON answer, the `?_data=` answer, and the
 * page's error boundary data (components/error-boundary.tsx renders the message).
 */
export function databaseBusyAnswer(): Response {
  const body: DatabaseBusyBody = { error: { code: DATABASE_BUSY_CODE, message: DATABASE_BUSY_MESSAGE } };
  const response = new Response(JSON.stringify(body), {
    status: 503,
    statusText: "Service Unavailable",
    headers: { "Content-Type": "application/json; charset=utf-8", ...databaseBusyHeaders() },
  });
  busyAnswers.add(response);
  return response;
}
