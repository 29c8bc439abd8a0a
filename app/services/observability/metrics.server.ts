// Metrics in Prometheus format (docs/operations.md "Metrics"), from prom-client.
// Every metric the shop exports is declared here, so this file is the list an
// operator graphs and alerts on; code elsewhere only increments them.
import client from "prom-client";

function createMetrics() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpRequestDuration: new client.Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer an HTTP request, by route (the matched route pattern, not the raw path), method and status.",
      labelNames: ["route", "method", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    ordersPlaced: new client.Counter({
      name: "shop_orders_placed_total",
      help: "Orders placed and paid, by site and source (checkout or autoship).",
      labelNames: ["site", "source"] as const,
      registers,
    }),
    paymentsDeclined: new client.Counter({
      name: "shop_payments_declined_total",
      help: "Payments the payment service declined, by source (checkout or autoship).",
      labelNames: ["source"] as const,
      registers,
    }),
    outboxQueued: new client.Counter({
      name: "shop_outbox_queued_total",
      help: "Messages written to the outbox, by topic (email, ...).",
      labelNames: ["topic"] as const,
      registers,
    }),
    outboxDelivered: new client.Counter({
      name: "shop_outbox_delivered_total",
      help: "Outbox messages delivered (an email sent), by topic.",
      labelNames: ["topic"] as const,
      registers,
    }),
    outboxRetried: new client.Counter({
      name: "shop_outbox_retried_total",
      help: "Outbox delivery attempts that failed and will be tried again, by topic.",
      labelNames: ["topic"] as const,
      registers,
    }),
    outboxFailed: new client.Counter({
      name: "shop_outbox_failed_total",
      help: "Outbox messages given up on (marked failed with their last error), by topic.",
      labelNames: ["topic"] as const,
      registers,
    }),
    jobRuns: new client.Counter({
      name: "shop_job_runs_total",
      help: "Job runs, by job and outcome (ok or failed).",
      labelNames: ["job", "outcome"] as const,
      registers,
    }),
    jobDuration: new client.Histogram({
      name: "shop_job_duration_seconds",
      help: "How long a job run took, by job.",
      labelNames: ["job"] as const,
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
      registers,
    }),
    jobLag: new client.Gauge({
      name: "shop_job_lag_seconds",
      help: "How late the last run of a job started after it was due, by job.",
      labelNames: ["job"] as const,
      registers,
    }),
    databaseBusy: new client.Counter({
      name: "shop_database_busy_total",
      help: "Requests answered 503 because the database stayed locked by a writer.",
      registers,
    }),
    clientErrors: new client.Counter({
      name: "shop_client_errors_total",
      help: "Unhandled browser errors reported to /api/client-errors, by kind (error or unhandledrejection).",
      labelNames: ["kind"] as const,
      registers,
    }),
    donationErrors: new client.Counter({
      name: "shop_donation_errors_total",
      help: "Donation service and SDK errors (each answered with no donation), by catalogue message.",
      labelNames: ["message"] as const,
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

// Once per process: prom-client refuses a metric registered twice (dev rebuilds re-import this).
const globalForMetrics = globalThis as unknown as { __metrics?: Metrics };

/** The shop's metrics. */
export const metrics: Metrics = (globalForMetrics.__metrics ??= createMetrics());
