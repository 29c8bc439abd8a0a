// Browser error reports (docs/rules.md "Browser error reports"): what the browser sends about
// an unhandled error, how much of it, and what is scrubbed before it is logged or forwarded.
// Pure, shared by the browser reporter (app/utils/client-error-reporter.ts) and the endpoint.

/** Largest report body the endpoint reads (bytes): 413 above. */
export const CLIENT_ERROR_MAX_BODY_BYTES = 8 * 1024;

/** Reports one page load sends at most: a page failing in a loop must not flood the shop. */
export const CLIENT_ERROR_REPORTS_PER_PAGE = 3;

/** Longest text of each field (characters); the browser trims to these, the endpoint refuses more. */
export const CLIENT_ERROR_LIMITS = { message: 1000, name: 100, stack: 4000, path: 500, userAgent: 400 } as const;

/** Stack frames kept: the top of the stack says where it broke. */
const STACK_LINES = 30;

export const CLIENT_ERROR_KINDS = ["error", "unhandledrejection"] as const;
export type ClientErrorKind = (typeof CLIENT_ERROR_KINDS)[number];

export interface ClientErrorReport {
  kind: ClientErrorKind;
  message: string;
  name?: string;
  stack?: string;
  /** The page's path, never its query string or fragment. */
  path: string;
  userAgent?: string;
}

const EMAIL = /[\w.!#$%&'*+/=?^`{|}~-]+@[\w-]+(?:\.[\w-]+)+/g;
// Six or more digits, possibly grouped by spaces or dashes: card numbers, phone numbers, ids.
const DIGIT_RUN = /\d(?:[ -]?\d){5,}/g;
// A phone number written with dots, brackets or a country code: "(503) 555.0142", "+1 503 555 0142".
const PHONE = /(?:\+\d{1,3}[ .-]?)?(?:\(\d{3}\)|\b\d{3})[ .-]?\d{3}[ .-]\d{4}\b/g;
// A street address: a house number, one to four words, then a street type ("42 Elm St", "1600 Old Mill Road").
const STREET =
  /\b\d{1,6}[A-Za-z]?\s+(?:[A-Za-z][\w.'-]*\s+){1,4}(?:street|st|avenue|ave|road|rd|boulevard|blvd|lane|ln|drive|dr|court|ct|way|place|pl|terrace|ter|circle|cir|parkway|pkwy|highway|hwy|square|sq|trail|trl)\b\.?/gi;
// A zip code after a state ("Portland, OR 97201") or the word zip ("zip 97201-1234").
const ZIP = /\b(?:[A-Z]{2},?\s+|[Zz][Ii][Pp](?:\s*[Cc]ode)?:?\s*)\d{5}(?:-\d{4})?\b/g;
// A JWT or similar dotted token.
const JWT = /\beyJ[\w-]+\.[\w-]+\.[\w-]*/g;
// The query string and fragment of a URL inside the text (reset tokens, emails in links).
const URL_QUERY = /(\b[a-z][a-z\d+.-]*:\/\/[^\s?#"'<>]*)[?#][^\s"'<>]*/gi;

/**
 * Text with likely personal data and credentials replaced: email addresses, phone numbers,
 * runs of six or more digits (card numbers, ids), street addresses, zip codes after a state
 * or "zip", JWTs, and the query strings of URLs it contains. Stack positions (":12:345") are
 * short and stay. The one rule for every error report: browser reports and the error
 * tracker's events (`scrubErrorEvent`, app/models/error-event.ts) alike.
 */
export function scrubPersonalData(text: string): string {
  return text
    .replace(URL_QUERY, "$1?[redacted]")
    .replace(JWT, "[token]")
    .replace(EMAIL, "[email]")
    .replace(PHONE, "[phone]")
    .replace(ZIP, (match) => match.replace(/\d{5}(?:-\d{4})?$/, "[zip]"))
    .replace(DIGIT_RUN, "[number]")
    .replace(STREET, "[address]");
}

/** A page path without its query string or fragment. */
export function pathOnly(path: string): string {
  return path.split(/[?#]/, 1)[0] || "/";
}

const cut = (text: string, max: number) => (text.length > max ? text.slice(0, max) : text);

function trimStack(stack: string): string {
  return cut(stack.split("\n").slice(0, STACK_LINES).join("\n"), CLIENT_ERROR_LIMITS.stack);
}

/** The report as it may be logged, counted and forwarded: scrubbed and trimmed. */
export function scrubClientErrorReport(report: ClientErrorReport): ClientErrorReport {
  return {
    kind: report.kind,
    message: cut(scrubPersonalData(report.message), CLIENT_ERROR_LIMITS.message),
    ...(report.name ? { name: cut(scrubPersonalData(report.name), CLIENT_ERROR_LIMITS.name) } : {}),
    ...(report.stack ? { stack: trimStack(scrubPersonalData(report.stack)) } : {}),
    path: cut(scrubPersonalData(pathOnly(report.path)), CLIENT_ERROR_LIMITS.path),
    ...(report.userAgent ? { userAgent: cut(report.userAgent, CLIENT_ERROR_LIMITS.userAgent) } : {}),
  };
}

/**
 * The report the browser sends for an `error` or `unhandledrejection` event: the error's name,
 * message and stack (or the rejection reason's text), the page path without query, and the
 * user agent; trimmed and scrubbed before it leaves the browser. Never form values.
 */
export function buildClientErrorReport(input: {
  kind: ClientErrorKind;
  /** The thrown value or rejection reason. */
  error: unknown;
  /** The event's own message (an `error` event without an Error object). */
  message?: string;
  pathname: string;
  userAgent?: string;
}): ClientErrorReport {
  const { error } = input;
  const isError = error instanceof Error || (typeof error === "object" && error !== null && "message" in error);
  const name = isError ? String((error as Error).name ?? "") : "";
  let message = isError ? String((error as Error).message ?? "") : "";
  if (!message) message = input.message || (typeof error === "string" ? error : safeText(error));
  const stack = isError && typeof (error as Error).stack === "string" ? (error as Error).stack : undefined;
  return scrubClientErrorReport({
    kind: input.kind,
    message: message || "(no message)",
    ...(name ? { name } : {}),
    ...(stack ? { stack } : {}),
    path: input.pathname,
    ...(input.userAgent ? { userAgent: input.userAgent } : {}),
  });
}

function safeText(value: unknown): string {
  if (value === undefined || value === null) return "";
  try {
    return typeof value === "object" ? cut(JSON.stringify(value) ?? "", 200) : String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
