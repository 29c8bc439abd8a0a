// Browser error reports (docs/rules.md "Browser error reports"): each accepted report is
// scrubbed, logged once as a warning on the request's log line context, counted, and, when
// CLIENT_ERROR_FORWARD_URL is set, forwarded to the outside error service through the outbox
// (topic "client-error", delivered by `forwardClientError`).
import { env } from "~/env.server";
import { type ClientErrorReport, scrubClientErrorReport } from "~/models/client-error";
import { logger } from "./logger.server";
import { metrics } from "./metrics.server";

/** The outbox topic whose handler is `forwardClientError`. */
export const CLIENT_ERROR_TOPIC = "client-error";

/** How long forwarding one report may take before it counts as failed (and is retried). */
export const CLIENT_ERROR_FORWARD_TIMEOUT_MS = 5_000;

/** Logs, counts and (when configured) queues one browser error report; returns what was kept. */
export async function recordClientError(report: ClientErrorReport): Promise<ClientErrorReport> {
  const scrubbed = scrubClientErrorReport(report);
  logger().warn({ clientError: scrubbed }, `Browser error on ${scrubbed.path}: ${scrubbed.message}`);
  metrics.clientErrors.inc({ kind: scrubbed.kind });
  if (env.CLIENT_ERROR_FORWARD_URL) {
    // The outbox enqueue goes here (topic CLIENT_ERROR_TOPIC, payload `scrubbed`): forwarding
    // is a message like any other, stored first and delivered by the outbox worker.
  }
  return scrubbed;
}

/**
 * Delivers one report to the outside error service: POST JSON to `url`, bounded in time;
 * throws on a network error, a timeout or a non-2xx answer, so the outbox retries it.
 */
export async function forwardClientError(
  url: string,
  report: ClientErrorReport,
  { timeoutMs = CLIENT_ERROR_FORWARD_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<void> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(report),
    signal: AbortSignal.timeout(timeoutMs),
    redirect: "error",
  });
  // The body is not needed; drain it so the connection is reused.
  await response.arrayBuffer().catch(() => undefined);
  if (!response.ok) {
    throw new Error(`The error service answered ${response.status} ${response.statusText}`.trim());
  }
}
