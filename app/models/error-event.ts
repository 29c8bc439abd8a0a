// What an error tracker's event may carry (docs/rules.md "Error tracker events carry no
// personal data"; docs/security.md "Personal data"). Pure: the error tracker
// (app/services/observability/error-tracker.server.ts) passes every event and breadcrumb
// through these before the SDK sends it. The text rule is the browser reports' one,
// `scrubPersonalData`; this module decides which parts of an event it applies to and which
// parts are dropped whole.
import { pathOnly, scrubPersonalData } from "./client-error";

/** The parts of a Sentry event this module reads; everything else passes unchanged. */
export interface ErrorEventLike {
  message?: string;
  logentry?: { message?: string; params?: unknown[] };
  exception?: { values?: { type?: string; value?: string; stacktrace?: { frames?: object[] } }[] };
  breadcrumbs?: BreadcrumbLike[];
  request?: { method?: string; url?: string };
  user?: unknown;
  transaction?: string;
  extra?: Record<string, unknown>;
  contexts?: Record<string, unknown>;
}

export interface BreadcrumbLike {
  message?: string;
  data?: Record<string, unknown>;
}

/** Object keys whose values are dropped whole wherever they sit: credentials and personal fields. */
const PERSONAL_KEY = /passw|secret|token|cookie|authori|card|cvc|cvv|email|phone|address|street|zip|jwt/i;

/** Contexts the SDK fills from the process itself (ids, versions): no personal data, left alone. */
const SDK_CONTEXTS = new Set(["trace", "runtime", "os", "app", "device", "culture", "cloud_resource"]);

const MAX_DEPTH = 6;

/** `value` with every string scrubbed and values under personal keys replaced, down to a bounded depth. */
export function scrubValue(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return scrubPersonalData(value);
  if (typeof value !== "object" || value === null) return value;
  if (depth >= MAX_DEPTH) return "[truncated]";
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      PERSONAL_KEY.test(key) ? "[redacted]" : scrubValue(item, depth + 1),
    ]),
  );
}

/** A URL or path as an event may keep it: no query string or fragment, personal data scrubbed. */
const scrubUrl = (url: string) => scrubPersonalData(pathOnly(url));

/** A breadcrumb as it may be sent: its message and data scrubbed. */
export function scrubBreadcrumb<T extends BreadcrumbLike>(breadcrumb: T): T {
  const scrubbed = { ...breadcrumb };
  if (typeof scrubbed.message === "string") scrubbed.message = scrubPersonalData(scrubbed.message);
  if (scrubbed.data) {
    const data = scrubValue(scrubbed.data) as Record<string, unknown>;
    if (typeof scrubbed.data.url === "string") data.url = scrubUrl(scrubbed.data.url);
    scrubbed.data = data;
  }
  return scrubbed;
}

/**
 * An event as it may leave the process: no user, and of the request only its method and path
 * (no cookies, headers, body, query string or environment); the message, the exceptions'
 * messages, the transaction name, breadcrumbs, extra data and non-SDK contexts scrubbed by
 * `scrubPersonalData`; local variables dropped from stack frames. Tags are the shop's own
 * (request id, route label, job name) and stay.
 */
export function scrubErrorEvent<T extends ErrorEventLike>(event: T): T {
  const scrubbed: T = { ...event };
  delete scrubbed.user;
  if (event.request) {
    scrubbed.request = {
      ...(event.request.method ? { method: event.request.method } : {}),
      ...(event.request.url ? { url: scrubUrl(event.request.url) } : {}),
    };
  }
  if (typeof event.message === "string") scrubbed.message = scrubPersonalData(event.message);
  if (event.logentry) {
    scrubbed.logentry = {
      ...(typeof event.logentry.message === "string" ? { message: scrubPersonalData(event.logentry.message) } : {}),
      ...(event.logentry.params ? { params: scrubValue(event.logentry.params) as unknown[] } : {}),
    };
  }
  if (typeof event.transaction === "string") scrubbed.transaction = scrubUrl(event.transaction);
  if (event.exception?.values) {
    scrubbed.exception = {
      ...event.exception,
      values: event.exception.values.map((exception) => ({
        ...exception,
        ...(typeof exception.value === "string" ? { value: scrubPersonalData(exception.value) } : {}),
        ...(exception.stacktrace?.frames
          ? {
              stacktrace: {
                ...exception.stacktrace,
                frames: exception.stacktrace.frames.map((frame) => {
                  const { vars: _vars, ...kept } = frame as { vars?: unknown };
                  return kept;
                }),
              },
            }
          : {}),
      })),
    };
  }
  if (event.breadcrumbs) scrubbed.breadcrumbs = event.breadcrumbs.map(scrubBreadcrumb);
  if (event.extra) scrubbed.extra = scrubValue(event.extra) as Record<string, unknown>;
  if (event.contexts) {
    scrubbed.contexts = Object.fromEntries(
      Object.entries(event.contexts).map(([name, context]) => [
        name,
        SDK_CONTEXTS.has(name) ? context : PERSONAL_KEY.test(name) ? "[redacted]" : scrubValue(context),
      ]),
    );
  }
  return scrubbed;
}
