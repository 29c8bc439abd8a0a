// GET /metrics (docs/rules.md "Metrics need a token in production"): Prometheus text, never
// cached, open outside production, a bearer token in production.
import { afterEach, describe, expect, it, vi } from "vitest";

const TOKEN = "scrape-token-0123456789";

async function metricsRoute(env: Record<string, string>) {
  vi.resetModules();
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  return import("~/routes/metrics");
}

const get = (headers: Record<string, string> = {}) =>
  new Request("http://10.0.0.5:3000/metrics", { headers }) as unknown as Request;

describe("GET /metrics", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("answers every declared metric in Prometheus text format outside production, not cached", async () => {
    const { loader } = await metricsRoute({ NODE_ENV: "test", METRICS_TOKEN: "", SESSION_SECRET: "s".repeat(32) });
    const response = await loader({ request: get() });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const text = await response.text();
    for (const name of [
      "http_request_duration_seconds",
      "shop_orders_placed_total",
      "shop_payments_declined_total",
      "shop_outbox_queued_total",
      "shop_outbox_delivered_total",
      "shop_outbox_failed_total",
      "shop_job_runs_total",
      "shop_job_lag_seconds",
      "shop_database_busy_total",
      "shop_client_errors_total",
      "process_cpu_seconds_total",
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
  });

  it("in production needs Authorization: Bearer METRICS_TOKEN (401 otherwise)", async () => {
    const { loader } = await metricsRoute({
      NODE_ENV: "production",
      METRICS_TOKEN: TOKEN,
      SESSION_SECRET: "s".repeat(32),
    });
    const refused = await loader({ request: get() });
    expect(refused.status).toBe(401);
    expect(refused.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
    expect(refused.headers.get("Cache-Control")).toBe("no-store");
    expect(await refused.text()).not.toContain("# TYPE");
    expect((await loader({ request: get({ Authorization: "Bearer wrong-token-0123456789" }) })).status).toBe(401);
    const allowed = await loader({ request: get({ Authorization: `Bearer ${TOKEN}` }) });
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain("# TYPE shop_orders_placed_total counter");
  });

  it("in production without a token configured answers 404", async () => {
    const { loader } = await metricsRoute({
      NODE_ENV: "production",
      METRICS_TOKEN: "",
      SESSION_SECRET: "s".repeat(32),
    });
    expect((await loader({ request: get({ Authorization: `Bearer ${TOKEN}` }) })).status).toBe(404);
  });
});
