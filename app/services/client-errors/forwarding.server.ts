// Forwarding browser error reports to an outside error service (docs/rules.md "Browser error
// reports"): the outbox's "client-error" handler, registered by this folder's index.
import type { ClientErrorReport } from "~/models/client-error";

/** The outbox topic whose handler is `forwardClientError`. */
export const CLIENT_ERROR_TOPIC = "client-error";

/** How long forwarding one report may take before it counts as failed (and is retried). */
export const CLIENT_ERROR_FORWARD_TIMEOUT_MS = 5_000;

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
