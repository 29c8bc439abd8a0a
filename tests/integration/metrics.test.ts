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
      "shop_job_lease_lost_total",
      "shop_page_cache_requests_total",
      "shop_processes",
      "shop_outbox_backlog_messages",
      "shop_outbox_backlog_oldest_seconds",
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

  it("reads the outbox backlog from the database at each scrape", async () => {
    const { loader } = await metricsRoute({ NODE_ENV: "test", METRICS_TOKEN: "", SESSION_SECRET: "s".repeat(32) });
    const { prisma } = await import("~/db.server");
    const { outbox } = await import("~/services/outbox/index.server");
    const scrape = async () => (await loader({ request: get() })).text();
    const pending = (text: string) => Number(/^shop_outbox_backlog_messages (\S+)$/m.exec(text)?.[1]);
    const oldest = (text: string) => Number(/^shop_outbox_backlog_oldest_seconds (\S+)$/m.exec(text)?.[1]);
    const before = await scrape();
    const { id } = await outbox.enqueue(prisma, { topic: "metrics-test", payload: null });
    try {
      await prisma.outboxMessage.update({ where: { id }, data: { createdAt: new Date(Date.now() - 2 * 86_400_000) } });
      const after = await scrape();
      expect(pending(after)).toBe(pending(before) + 1);
      expect(oldest(after)).toBeGreaterThanOrEqual(2 * 86_400);
    } finally {
      await prisma.outboxMessage.delete({ where: { id } });
    }
  });

  it("answers 503, never one worker's counts, when the workers' metrics cannot be gathered", async () => {
    const { loader } = await metricsRoute({ NODE_ENV: "test", METRICS_TOKEN: "", SESSION_SECRET: "s".repeat(32) });
    const { gatherMetricsWith } = await import("~/services/observability/index.server");
    gatherMetricsWith(async () => ({ ok: false, message: "the primary did not answer within 6000 ms" }));
    const response = await loader({ request: get() });
    expect(response.status).toBe(503);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const text = await response.text();
    expect(text).toContain("did not answer");
    expect(text).not.toContain("# TYPE");
  });

  it("still answers when the backlog cannot be read: its gauges say NaN", async () => {
    await metricsRoute({ NODE_ENV: "test", METRICS_TOKEN: "", SESSION_SECRET: "s".repeat(32) });
    const { scrapeMetrics } = await import("~/services/observability/index.server");
    const scraped = await scrapeMetrics({ backlog: () => Promise.reject(new Error("database away")) });
    expect(scraped.ok).toBe(true);
    const text = scraped.ok ? scraped.text : "";
    // prom-client writes NaN as "Nan"; Prometheus reads it either way.
    expect(text).toMatch(/^shop_outbox_backlog_messages nan$/im);
    expect(text).toMatch(/^# TYPE http_request_duration_seconds histogram$/m);
  });
});
