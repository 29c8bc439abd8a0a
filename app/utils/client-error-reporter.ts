// The browser side of error reports (docs/rules.md "Browser error reports"): unhandled errors
// and promise rejections are sent to /api/client-errors, at most CLIENT_ERROR_REPORTS_PER_PAGE
// per page load, scrubbed before they leave (buildClientErrorReport). Reporting never throws
// and never changes what the page does.
import { buildClientErrorReport, CLIENT_ERROR_REPORTS_PER_PAGE, type ClientErrorKind } from "~/models/client-error";

export const CLIENT_ERROR_ENDPOINT = "/api/client-errors";

/** Starts reporting unhandled errors of `target` (the window); returns a function that stops it. */
export function installClientErrorReporter(target: Window = window): () => void {
  let sent = 0;
  const seen = new Set<string>();

  const report = (kind: ClientErrorKind, error: unknown, message?: string) => {
    try {
      if (sent >= CLIENT_ERROR_REPORTS_PER_PAGE) return;
      const body = buildClientErrorReport({
        kind,
        error,
        message,
        pathname: target.location.pathname,
        userAgent: target.navigator.userAgent,
      });
      // The same error repeating (a render loop) is one report.
      const key = `${body.kind}\n${body.message}`;
      if (seen.has(key)) return;
      seen.add(key);
      sent += 1;
      void target
        .fetch(CLIENT_ERROR_ENDPOINT, {
          method: "POST",
          keepalive: true,
          credentials: "same-origin",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        })
        .catch(() => undefined);
    } catch {
      // Reporting must never break the page.
    }
  };

  const onError = (event: ErrorEvent) => report("error", event.error, event.message);
  const onRejection = (event: PromiseRejectionEvent) => report("unhandledrejection", event.reason);
  target.addEventListener("error", onError);
  target.addEventListener("unhandledrejection", onRejection);
  return () => {
    target.removeEventListener("error", onError);
    target.removeEventListener("unhandledrejection", onRejection);
  };
}
