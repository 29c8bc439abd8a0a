import { observabilitySettings, serverSettings } from "~/env.server";
import { metrics, metricsAccess, scrapeMetrics } from "~/services/observability/index.server";
import { outbox } from "~/services/outbox/index.server";

const PLAIN = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };

/**
 * The shop's metrics in Prometheus text format (docs/operations.md "Metrics"), answered on any
 * Host like /healthz; a token protects it in production (docs/rules.md "Metrics need a token in
 * production"), checked first. Under cluster.js it covers every worker, and answers 503 when
 * they could not all be asked (docs/rules.md "Metrics cover every worker").
 */
export async function loader({ request }: { request: Request }) {
  const access = metricsAccess({
    production: serverSettings.NODE_ENV === "production",
    token: observabilitySettings.METRICS_TOKEN,
    authorization: request.headers.get("Authorization"),
  });
  if (!access.allowed) {
    return new Response(`${access.message}\n`, {
      status: access.status,
      headers: { ...PLAIN, ...(access.status === 401 ? { "WWW-Authenticate": 'Bearer realm="metrics"' } : {}) },
    });
  }
  const scraped = await scrapeMetrics({ backlog: () => outbox.backlog() });
  if (!scraped.ok) {
    return new Response(`The metrics of every worker could not be gathered: ${scraped.message}\n`, {
      status: 503,
      headers: PLAIN,
    });
  }
  return new Response(scraped.text, {
    headers: { "Content-Type": metrics.registry.contentType, "Cache-Control": "no-store" },
  });
}
