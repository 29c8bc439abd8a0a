import { observabilitySettings, serverSettings } from "~/env.server";
import { metrics, metricsAccess } from "~/services/observability/index.server";

/**
 * The shop's metrics in Prometheus text format (docs/operations.md "Metrics"), answered on any
 * Host like /healthz; a token protects it in production (docs/rules.md "Metrics need a token in
 * production").
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
      headers: {
        "Content-Type": "text/plain; charset=utf-8",
        "Cache-Control": "no-store",
        ...(access.status === 401 ? { "WWW-Authenticate": 'Bearer realm="metrics"' } : {}),
      },
    });
  }
  return new Response(await metrics.registry.metrics(), {
    headers: { "Content-Type": metrics.registry.contentType, "Cache-Control": "no-store" },
  });
}
