// Metrics in Prometheus format (docs/operations.md "Metrics"), from prom-client.
// Every metric the shop exports is declared here, so this file is the list an
// operator graphs and alerts on; code elsewhere only increments them.
//
// Two registries: `registry` holds what each process counts, and under cluster.js a scrape
// adds it up over every worker (server/cluster-metrics.js), each metric as its `aggregator`
// says: counters and histograms sum, a gauge of "the latest" takes the largest.
// `scrapeRegistry` holds what is read from the database when a scrape comes, once per scrape
// by the process answering it, never summed (docs/rules.md "Metrics cover every worker").
import client from "prom-client";

function createMetrics() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const registers = [registry];
  const scrapeRegistry = new client.Registry();
  const processes = new client.Gauge({
    name: "shop_processes",
    help: "Processes whose metrics this answer adds up: the cluster's workers (1 without a cluster).",
    aggregator: "sum",
    registers,
  });
  processes.set(1);
  return {
    registry,
    scrapeRegistry,
    processes,
    httpRequestDuration: new client.Histogram({
      name: "http_request_duration_seconds",
      help: "Time to answer an HTTP request, by route (the matched route pattern, not the raw path), method and status.",
      labelNames: ["route", "method", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      aggregator: "sum",
      registers,
    }),
    ordersPlaced: new client.Counter({
      name: "shop_orders_placed_total",
      help: "Orders placed and paid, by site and source (checkout or autoship).",
      labelNames: ["site", "source"] as const,
      aggregator: "sum",
      registers,
    }),
    paymentsDeclined: new client.Counter({
      name: "shop_payments_declined_total",
      help: "Payments the payment service declined, by source (checkout or autoship).",
      labelNames: ["source"] as const,
      aggregator: "sum",
      registers,
    }),
    outboxQueued: new client.Counter({
      name: "shop_outbox_queued_total",
      help: "Messages written to the outbox, by topic (email, ...).",
      labelNames: ["topic"] as const,
      aggregator: "sum",
      registers,
    }),
    outboxDelivered: new client.Counter({
      name: "shop_outbox_delivered_total",
      help: "Outbox messages delivered (an email sent), by topic.",
      labelNames: ["topic"] as const,
      aggregator: "sum",
      registers,
    }),
    outboxRetried: new client.Counter({
      name: "shop_outbox_retried_total",
      help: "Outbox delivery attempts that failed and will be tried again, by topic.",
      labelNames: ["topic"] as const,
      aggregator: "sum",
      registers,
    }),
    outboxFailed: new client.Counter({
      name: "shop_outbox_failed_total",
      help: "Outbox messages given up on (marked failed with their last error), by topic.",
      labelNames: ["topic"] as const,
      aggregator: "sum",
      registers,
    }),
    jobRuns: new client.Counter({
      name: "shop_job_runs_total",
      help: "Job runs, by job and outcome (ok or failed).",
      labelNames: ["job", "outcome"] as const,
      aggregator: "sum",
      registers,
    }),
    jobDuration: new client.Histogram({
      name: "shop_job_duration_seconds",
      help: "How long a job run took, by job.",
      labelNames: ["job"] as const,
      buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 15, 60, 300],
      aggregator: "sum",
      registers,
    }),
    jobLag: new client.Gauge({
      name: "shop_job_lag_seconds",
      help: "How late the last run of a job started after it was due, by job (the largest over the workers).",
      labelNames: ["job"] as const,
      // Only the worker running the jobs sets it; the others report nothing or an older run.
      aggregator: "max",
      registers,
    }),
    databaseBusy: new client.Counter({
      name: "shop_database_busy_total",
      help: "Requests answered 503 because the database stayed locked by a writer.",
      aggregator: "sum",
      registers,
    }),
    clientErrors: new client.Counter({
      name: "shop_client_errors_total",
      help: "Unhandled browser errors reported to /api/client-errors, by kind (error or unhandledrejection).",
      labelNames: ["kind"] as const,
      aggregator: "sum",
      registers,
    }),
    donationErrors: new client.Counter({
      name: "shop_donation_errors_total",
      help: "Donation service and SDK errors (each answered with no donation), by catalogue message.",
      labelNames: ["message"] as const,
      aggregator: "sum",
      registers,
    }),
    jobLeaseLost: new client.Counter({
      name: "shop_job_lease_lost_total",
      help: "Job runs whose lease ran out and was taken by another runner while they ran, by job.",
      labelNames: ["job"] as const,
      aggregator: "sum",
      registers,
    }),
    pageCacheRequests: new client.Counter({
      name: "shop_page_cache_requests_total",
      help: "Requests the page cache looked at, by outcome: hit, stale, miss, pass (not shareable) or bypass (personal).",
      labelNames: ["outcome"] as const,
      aggregator: "sum",
      registers,
    }),
    outboxBacklog: new client.Gauge({
      name: "shop_outbox_backlog_messages",
      help: "Outbox messages not yet delivered nor given up on (queued or sending), read at scrape time.",
      registers: [scrapeRegistry],
    }),
    outboxOldestAge: new client.Gauge({
      name: "shop_outbox_backlog_oldest_seconds",
      help: "Age of the oldest outbox message not yet delivered nor given up on (0 when none), read at scrape time.",
      registers: [scrapeRegistry],
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

// Once per process: prom-client refuses a metric registered twice (dev rebuilds re-import this).
const globalForMetrics = globalThis as unknown as { __metrics?: Metrics };

/** The shop's metrics. */
export const metrics: Metrics = (globalForMetrics.__metrics ??= createMetrics());
