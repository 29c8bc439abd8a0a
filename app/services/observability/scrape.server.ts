// One scrape of /metrics (docs/rules.md "Metrics cover every worker"): what every process
// counted (under cluster.js, every worker's registry summed by the primary; else this
// process's own) and what is read from the database at scrape time, read once here by the
// process answering, never once per worker.
import { rootLogger } from "./logger.server";
import { metrics } from "./metrics.server";

export type GatheredMetrics = { ok: true; text: string } | { ok: false; message: string };

/** Where the counts of every process come from; server.js sets it in a cluster worker. */
let gatherAll: (() => Promise<GatheredMetrics>) | null = null;

/**
 * Under cluster.js, server.js hands over how to get every worker's metrics (it asks the
 * primary: server/cluster-metrics.js). Without it a scrape answers this process's registry
 * (`node server.js`, `remix dev`, tests).
 */
export function gatherMetricsWith(gather: () => Promise<GatheredMetrics>): void {
  gatherAll = gather;
}

/**
 * The text of one scrape, or `{ ok: false }` when the workers' counts could not be gathered:
 * the route then answers 503 rather than one worker's counts, whose smaller totals a
 * Prometheus would read as counter resets (docs/decisions.md "Logs, metrics and browser errors").
 * The backlog gauges are set from `backlog()`; when the database cannot say, they read NaN.
 */
export async function scrapeMetrics(sources: {
  backlog: () => Promise<{ pending: number; oldestAgeSeconds: number }>;
}): Promise<GatheredMetrics> {
  const [processes] = await Promise.all([
    gatherAll ? gatherAll() : metrics.registry.metrics().then((text) => ({ ok: true as const, text })),
    sources.backlog().then(
      (backlog) => {
        metrics.outboxBacklog.set(backlog.pending);
        metrics.outboxOldestAge.set(backlog.oldestAgeSeconds);
      },
      (error: unknown) => {
        rootLogger.warn({ err: error }, "Metrics: the outbox backlog could not be read");
        metrics.outboxBacklog.set(Number.NaN);
        metrics.outboxOldestAge.set(Number.NaN);
      },
    ),
  ]);
  if (!processes.ok) return processes;
  return { ok: true, text: `${processes.text}\n${await metrics.scrapeRegistry.metrics()}` };
}
