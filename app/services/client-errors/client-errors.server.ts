// Browser error reports (docs/rules.md "Browser error reports"): each accepted report is
// scrubbed, logged once as a warning on the request's log line context, counted, reported to
// the error tracker when SENTRY_DSN is set, and, when
// CLIENT_ERROR_FORWARD_URL is set, forwarded to the outside error service through the outbox
// (topic "client-error", delivered by `forwardClientError`).
import { prisma } from "~/db.server";
import { observabilitySettings } from "~/env.server";
import { type ClientErrorReport, scrubClientErrorReport } from "~/models/client-error";
import { outbox } from "~/services/outbox/index.server";
import { CLIENT_ERROR_TOPIC } from "./forwarding.server";
import { logger, metrics, reportClientError } from "~/services/observability/index.server";

/** Logs, counts and (when configured) queues one browser error report; returns what was kept. */
export async function recordClientError(report: ClientErrorReport): Promise<ClientErrorReport> {
  const scrubbed = scrubClientErrorReport(report);
  logger().warn({ clientError: scrubbed }, `Browser error on ${scrubbed.path}: ${scrubbed.message}`);
  metrics.clientErrors.inc({ kind: scrubbed.kind });
  // The error tracker, when SENTRY_DSN is set: sent directly, best effort, not through the
  // outbox (docs/decisions.md "Error tracker").
  reportClientError(scrubbed);
  // Forwarding is a message like any other: stored first, delivered by the outbox job.
  if (observabilitySettings.CLIENT_ERROR_FORWARD_URL)
    await outbox.enqueue(prisma, { topic: CLIENT_ERROR_TOPIC, payload: scrubbed });
  return scrubbed;
}
